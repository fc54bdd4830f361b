import { Col, Form, Input, Row, Select } from '@tour/shared/ui';
import { CURRENCY_SYMBOLS, type Currency } from '@tour/shared';

import { moneyRule } from '../lib/money-input';
import { DetailTextField } from './detail-text-field';

const LANGUAGES = ['Русский', 'Английский', 'Японский', 'Корейский', 'Кыргызский'].map((name) => ({
  value: name,
  label: name,
}));

/** A guide's own fields; the cost is days × rate (shown with the cost). */
export function GuideFields() {
  const form = Form.useFormInstance();
  const currency = Form.useWatch('currency', form) as Currency | undefined;
  return (
    <Row gutter={16}>
      <DetailTextField name="guide_name" label="Гид" max={200} xs={24} md={12} />
      <Col xs={24} md={12}>
        <Form.Item
          name={['details', 'rate_per_day']}
          label="Ставка в день"
          dependencies={['currency']}
          rules={[moneyRule(() => currency, true)]}
        >
          <Input
            inputMode="decimal"
            prefix={<span aria-hidden="true">{currency ? CURRENCY_SYMBOLS[currency] : ''}</span>}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name={['details', 'languages']}
          label="Языки"
          extra="Выберите из списка или впишите свой и нажмите клавишу ввода"
        >
          <Select mode="tags" options={LANGUAGES} placeholder="Языки гида" maxCount={20} />
        </Form.Item>
      </Col>
    </Row>
  );
}
