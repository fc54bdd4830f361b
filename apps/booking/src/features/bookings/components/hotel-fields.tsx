import { Col, Form, Input, InputNumber, Row, Select } from '@tour/shared/ui';
import { MEAL_PLAN_LIST, MEAL_PLANS, ROOM_TYPE_LIST, ROOM_TYPES } from '@tour/shared';
import { maxLength, required, requiredText } from '../lib/form-rules';

const ROOM_TYPE_OPTIONS = ROOM_TYPE_LIST.map((type) => ({
  value: type,
  label: ROOM_TYPES[type].label,
}));
const MEAL_OPTIONS = MEAL_PLAN_LIST.map((plan) => ({ value: plan, label: MEAL_PLANS[plan].label }));

/** A hotel's own fields; the rooming list is with the participants. */
export function HotelFields() {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name={['details', 'hotel_name']}
          label="Отель"
          rules={[requiredText, maxLength(200)]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name={['details', 'city']} label="Город" rules={[requiredText, maxLength(100)]}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name={['details', 'category']} label="Категория" rules={[maxLength(100)]}>
          <Input placeholder="4*" />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        <Form.Item name={['details', 'room_type']} label="Тип номера" rules={[required]}>
          <Select options={ROOM_TYPE_OPTIONS} placeholder="Выберите тип" />
        </Form.Item>
      </Col>
      <Col xs={12} md={4}>
        <Form.Item name={['details', 'rooms']} label="Номеров" rules={[required]}>
          <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={10}>
        <Form.Item name={['details', 'meal_plan']} label="Питание" rules={[required]}>
          <Select options={MEAL_OPTIONS} placeholder="Выберите питание" />
        </Form.Item>
      </Col>
    </Row>
  );
}
