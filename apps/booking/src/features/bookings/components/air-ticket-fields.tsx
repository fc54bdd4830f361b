import { Col, Form, Input, Row, Select } from '@tour/shared/ui';
import { FLIGHT_CLASS_LIST, FLIGHT_CLASSES } from '@tour/shared';
import { airportRule, maxLength, required, requiredText } from '../lib/form-rules';

const CLASS_OPTIONS = FLIGHT_CLASS_LIST.map((flightClass) => ({
  value: flightClass,
  label: FLIGHT_CLASSES[flightClass].label,
}));

const upper = (value: string | undefined) => value?.toUpperCase();

/** A flight's own fields; its times are with the dates, tickets with the passengers. */
export function AirTicketFields() {
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item
          name={['details', 'carrier']}
          label="Авиакомпания"
          rules={[requiredText, maxLength(100)]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col xs={12} md={4}>
        <Form.Item
          name={['details', 'flight_number']}
          label="Рейс"
          rules={[requiredText, maxLength(20)]}
        >
          <Input placeholder="TK 345" />
        </Form.Item>
      </Col>
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
      <Col xs={12} md={6}>
        <Form.Item name={['details', 'pnr']} label="PNR" rules={[maxLength(20)]}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        <Form.Item name={['details', 'baggage']} label="Багаж" rules={[maxLength(100)]}>
          <Input placeholder="23 кг + ручная кладь" />
        </Form.Item>
      </Col>
    </Row>
  );
}
