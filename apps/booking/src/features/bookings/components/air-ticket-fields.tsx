import { Col, Form, Input, Row, Select } from '@tour/shared/ui';
import { FLIGHT_CLASS_LIST, FLIGHT_CLASSES } from '@tour/shared';
import { airportRule, required, requiredText } from '../lib/form-rules';
import { DetailTextField } from './detail-text-field';

const CLASS_OPTIONS = FLIGHT_CLASS_LIST.map((flightClass) => ({
  value: flightClass,
  label: FLIGHT_CLASSES[flightClass].label,
}));

const upper = (value: string | undefined) => value?.toUpperCase();

/** A flight's own fields; its times are with the dates, tickets with the passengers. */
export function AirTicketFields() {
  return (
    <Row gutter={16}>
      <DetailTextField name="carrier" label="Авиакомпания" max={100} xs={24} md={8} />
      <DetailTextField
        name="flight_number"
        label="Рейс"
        max={20}
        placeholder="TK 345"
        xs={12}
        md={4}
      />
      <Col xs={12} md={6}>
        <Form.Item
          name={['details', 'from_airport']}
          label="Откуда"
          normalize={upper}
          rules={[requiredText, airportRule]}
        >
          <Input maxLength={3} placeholder="FRU" />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name={['details', 'to_airport']}
          label="Куда"
          normalize={upper}
          rules={[requiredText, airportRule]}
        >
          <Input maxLength={3} placeholder="NRT" />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name={['details', 'flight_class']} label="Класс" rules={[required]}>
          <Select options={CLASS_OPTIONS} placeholder="Выберите класс" />
        </Form.Item>
      </Col>
      <DetailTextField name="pnr" label="PNR" max={20} optional xs={12} md={6} />
      <DetailTextField
        name="baggage"
        label="Багаж"
        max={100}
        optional
        placeholder="23 кг + ручная кладь"
        xs={24}
        md={10}
      />
    </Row>
  );
}
