import { Col, Form, Input, Row, Select } from '@tour/shared/ui';
import { CURRENCY_SYMBOLS, type Currency } from '@tour/shared';
import { required } from '../lib/form-rules';
import { moneyRule } from '../lib/money-input';
import { CURRENCY_OPTIONS } from './currency-options';
import { DetailTextField } from './detail-text-field';

/** A health insurance's own fields; the policy numbers are with the insured. */
export function InsuranceFields() {
  const form = Form.useFormInstance();
  const coverageCurrency = Form.useWatch(['details', 'coverage_currency'], form) as
    Currency | undefined;
  return (
    <Row gutter={16}>
      <DetailTextField name="plan" label="Программа" max={200} xs={24} md={12} />
      <DetailTextField
        name="territory"
        label="Территория"
        max={200}
        placeholder="Япония"
        xs={24}
        md={12}
      />
      <Col xs={14} md={8}>
        <Form.Item
          name={['details', 'coverage']}
          label="Страховая сумма"
          dependencies={[['details', 'coverage_currency']]}
          rules={[moneyRule(() => coverageCurrency, true)]}
        >
          <Input
            inputMode="decimal"
            prefix={
              <span aria-hidden="true">
                {coverageCurrency ? CURRENCY_SYMBOLS[coverageCurrency] : ''}
              </span>
            }
          />
        </Form.Item>
      </Col>
      <Col xs={10} md={6}>
        <Form.Item name={['details', 'coverage_currency']} label="Валюта суммы" rules={[required]}>
          <Select options={CURRENCY_OPTIONS} placeholder="Валюта" />
        </Form.Item>
      </Col>
    </Row>
  );
}
