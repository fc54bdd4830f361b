import { Col, DatePicker, Form, Input, Row } from '@tour/shared/ui';
import {
  DATE_FORMAT,
  inclusiveDays,
  plural,
  toApiDate,
  type BookingKind,
  type Dayjs,
} from '@tour/shared';
import { DAYS, NIGHTS } from '../../../lib/plural';
import { endAfterStartRule, required, timeRule } from '../lib/form-rules';
import { DATE_LABELS } from '../lib/kind-config';

/** The time field that goes with the start date, and with the end date, per kind. */
const TIMES: Partial<Record<BookingKind, { start: [string, string]; end?: [string, string] }>> = {
  air_ticket: { start: ['departs_at', 'Время вылета'], end: ['arrives_at', 'Время прилёта'] },
  transfer: { start: ['time', 'Время'] },
  activity: { start: ['time', 'Время'] },
};

function TimeField({ field, label }: { field: string; label: string }) {
  return (
    <Form.Item name={['details', field]} label={label} rules={[required, timeRule]}>
      <Input placeholder="ЧЧ:ММ" maxLength={5} inputMode="numeric" />
    </Form.Item>
  );
}

/** "7 ночей" of a hotel, "8 дней" of an insurance or a guide, when both dates are set. */
function Length({ kind }: { kind: BookingKind }) {
  const form = Form.useFormInstance();
  const start = Form.useWatch('starts_on', form) as Dayjs | null | undefined;
  const end = Form.useWatch('ends_on', form) as Dayjs | null | undefined;
  if (!start || !end || end.isBefore(start, 'day')) return null;
  const days = inclusiveDays(toApiDate(start), toApiDate(end));
  if (kind === 'hotel') return <>{plural(days - 1, NIGHTS)}</>;
  if (kind === 'health_insurance' || kind === 'guide') return <>{plural(days, DAYS)}</>;
  return null;
}

/**
 * The service dates of the kind: check-in and check-out, departure and arrival with their
 * times, one date (with a time) for a transfer, an entrance or another expense.
 */
export function ServiceDates({ kind }: { kind: BookingKind }) {
  const labels = DATE_LABELS[kind];
  const times = TIMES[kind];
  const picker = <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />;
  return (
    <Row gutter={16}>
      <Col xs={times ? 14 : 24} md={times ? 8 : 12}>
        <Form.Item name="starts_on" label={labels.start} rules={[required]}>
          {picker}
        </Form.Item>
      </Col>
      {times ? (
        <Col xs={10} md={4}>
          <TimeField field={times.start[0]} label={times.start[1]} />
        </Col>
      ) : null}
      {labels.end ? (
        <Col xs={times?.end ? 14 : 24} md={times?.end ? 8 : 12}>
          <Form.Item
            name="ends_on"
            label={labels.end}
            dependencies={['starts_on']}
            rules={[required, endAfterStartRule(kind)]}
            extra={<Length kind={kind} />}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      ) : null}
      {times?.end ? (
        <Col xs={10} md={4}>
          <TimeField field={times.end[0]} label={times.end[1]} />
        </Col>
      ) : null}
    </Row>
  );
}
