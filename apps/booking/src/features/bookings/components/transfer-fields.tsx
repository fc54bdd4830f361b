import { Col, Form, InputNumber, Row, Select } from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import {
  countRule,
  formatDate,
  formatMonthParam,
  TRANSFER_DIRECTION_LIST,
  TRANSFER_DIRECTIONS,
  type Dayjs,
} from '@tour/shared';
import { useBookingListQuery } from '../api/bookings-api';
import { required } from '../lib/form-rules';
import { DetailTextField } from './detail-text-field';

const DIRECTION_OPTIONS = TRANSFER_DIRECTION_LIST.map((direction) => ({
  value: direction,
  label: TRANSFER_DIRECTIONS[direction].label,
}));

/** The flights one trip's transfer of that month may link: its air tickets touching the month. */
function LinkedFlightSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
}) {
  const form = Form.useFormInstance();
  const tripId = Form.useWatch('trip_id', form) as number | null | undefined;
  const date = Form.useWatch('starts_on', form) as Dayjs | null | undefined;
  const flights = useBookingListQuery(
    tripId && date
      ? {
          kind: 'air_ticket',
          trip_id: tripId,
          month: formatMonthParam(date),
          page: 1,
          per_page: 200,
        }
      : skipToken,
  );
  const options = (flights.data?.data ?? []).map((flight) => ({
    value: flight.id,
    label:
      `${flight.title} · ${formatDate(flight.starts_on)} ${flight.details.departs_at ?? ''}`.trim(),
  }));
  if (value != null && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: flights.isFetching ? 'Загрузка…' : 'Рейс не найден' });
  }
  return (
    <Select<number>
      id={id}
      allowClear
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      loading={flights.isFetching}
      placeholder={tripId && date ? 'Без рейса' : 'Сначала тур и дата'}
      notFoundContent="Авиабилетов этого тура в месяце трансфера нет"
    />
  );
}

/** A transfer's own fields; its date and time are with the dates. */
export function TransferFields() {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name={['details', 'direction']} label="Направление" rules={[required]}>
          <Select options={DIRECTION_OPTIONS} placeholder="Выберите направление" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={['details', 'flight_booking_id']} label="Связанный рейс">
          <LinkedFlightSelect />
        </Form.Item>
      </Col>
      <DetailTextField
        name="from_place"
        label="Откуда"
        max={200}
        placeholder="Аэропорт Нарита"
        xs={24}
        md={12}
      />
      <DetailTextField name="to_place" label="Куда" max={200} placeholder="Отель" xs={24} md={12} />
      <DetailTextField
        name="vehicle"
        label="Транспорт"
        max={100}
        optional
        placeholder="Микроавтобус"
        xs={12}
        md={8}
      />
      <Col xs={12} md={4}>
        <Form.Item
          name={['details', 'seats']}
          label="Мест"
          rules={[countRule({ min: 0, max: 1000 })]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <DetailTextField
        name="driver_contact"
        label="Водитель: имя и телефон"
        max={200}
        optional
        xs={24}
        md={12}
      />
    </Row>
  );
}
