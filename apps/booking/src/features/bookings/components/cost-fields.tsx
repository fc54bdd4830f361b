import { Col, DatePicker, Form, Input, Row, Select, Typography } from '@tour/shared/ui';
import {
  BOOKING_STATUS_LIST,
  BOOKING_STATUSES,
  CURRENCY_SYMBOLS,
  DATE_FORMAT,
  formatAmount,
  type BookingKind,
  type Currency,
} from '@tour/shared';
import type { BookingFormValues } from '../lib/booking-form-values';
import { computedCost } from '../lib/computed-cost';
import { maxLength, required } from '../lib/form-rules';
import { hasComputedCost } from '../lib/kind-config';
import { moneyRule } from '../lib/money-input';
import { CURRENCY_OPTIONS } from './currency-options';

const STATUS_OPTIONS = BOOKING_STATUS_LIST.map((status) => ({
  value: status,
  label: BOOKING_STATUSES[status].label,
}));

const COMPUTED_HOW: Partial<Record<BookingKind, string>> = {
  air_ticket: 'сумма билетов пассажиров',
  guide: 'дни × ставка в день',
  activity: 'количество × цена по категориям',
};

/** The cost the server will compute, shown as it will be (display only). */
function ComputedCost({ kind, currency }: { kind: BookingKind; currency: Currency | undefined }) {
  const form = Form.useFormInstance<BookingFormValues>();
  const starts_on = Form.useWatch('starts_on', form);
  const ends_on = Form.useWatch('ends_on', form);
  const details = Form.useWatch('details', form);
  const participants = Form.useWatch('participants', form);
  const preview = computedCost(kind, { starts_on, ends_on, details, participants });
  return (
    <Form.Item label="Стоимость" extra={`Считает сервер: ${COMPUTED_HOW[kind]}.`}>
      <Typography.Text strong aria-live="polite" data-testid="computed-cost">
        {preview && currency
          ? `${formatAmount(preview.amount, currency)} (${preview.basis})`
          : 'Появится, когда будут заполнены поля расчёта'}
      </Typography.Text>
    </Form.Item>
  );
}

/** Status, money and terms: cost and currency, the penalty of a cancelled one, due date. */
export function CostFields({ kind }: { kind: BookingKind }) {
  const form = Form.useFormInstance<BookingFormValues>();
  const currency = Form.useWatch('currency', form);
  const status = Form.useWatch('status', form);
  const symbol = <span aria-hidden="true">{currency ? CURRENCY_SYMBOLS[currency] : ''}</span>;
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item name="status" label="Статус" rules={[required]}>
          <Select options={STATUS_OPTIONS} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="currency" label="Валюта" rules={[required]}>
          <Select options={CURRENCY_OPTIONS} placeholder="Валюта поставщика" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        {hasComputedCost(kind) ? (
          <ComputedCost kind={kind} currency={currency} />
        ) : (
          <Form.Item
            name="cost"
            label="Стоимость"
            dependencies={['currency']}
            rules={[moneyRule(() => currency, true)]}
          >
            <Input inputMode="decimal" autoComplete="off" prefix={symbol} />
          </Form.Item>
        )}
      </Col>
      {status === 'cancelled' ? (
        <Col xs={24} md={8}>
          <Form.Item
            name="penalty"
            label="Штраф за отмену"
            dependencies={['currency']}
            extra="Остаётся расходом тура; пусто — без штрафа."
            rules={[moneyRule(() => currency)]}
          >
            <Input inputMode="decimal" autoComplete="off" prefix={symbol} />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24} md={8}>
        <Form.Item name="payment_due_on" label="Оплатить поставщику до">
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="confirmation_number" label="Номер подтверждения" rules={[maxLength(100)]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  );
}
