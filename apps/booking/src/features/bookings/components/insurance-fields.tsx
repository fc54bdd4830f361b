import { Col, Form, Input, Row, Select } from '@tour/shared/ui';
import { CURRENCY_SYMBOLS, type Currency } from '@tour/shared';
import { maxLength, required, requiredText } from '../lib/form-rules';
import { moneyRule } from '../lib/money-input';
import { CURRENCY_OPTIONS } from './currency-options';

/** A health insurance's own fields; the policy numbers are with the insured. */
export function InsuranceFields() {
  const form = Form.useFormInstance();
  const coverageCurrency = Form.useWatch(['details', 'coverage_currency'], form) as
    Currency | undefined;
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name={['details', 'plan']}
          label="Программа"
          rules={[requiredText, maxLength(200)]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={['details', 'territory']}
          label="Территория"
          rules={[requiredText, maxLength(200)]}
        >
          <Input placeholder="Япония" />
        </Form.Item>
      </Col>
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
