import { Col, Form, Input, Row, Select } from '@tour/shared/ui';
import { MEAL_PLAN_LIST, MEAL_PLANS } from '@tour/shared';
import { maxLength, required, requiredText } from '../lib/form-rules';

const MEAL_OPTIONS = MEAL_PLAN_LIST.map((plan) => ({ value: plan, label: MEAL_PLANS[plan].label }));

/** A hotel's own fields; its rooms are the room plan's, under the participants. */
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
      <Col xs={24} md={12}>
        <Form.Item name={['details', 'meal_plan']} label="Питание" rules={[required]}>
          <Select options={MEAL_OPTIONS} placeholder="Выберите питание" />
        </Form.Item>
      </Col>
    </Row>
  );
}
