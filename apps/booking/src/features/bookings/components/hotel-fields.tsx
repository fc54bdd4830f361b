import { Col, Form, Row, Select } from '@tour/shared/ui';
import { MEAL_PLAN_LIST, MEAL_PLANS } from '@tour/shared';
import { required } from '../lib/form-rules';
import { DetailTextField } from './detail-text-field';

const MEAL_OPTIONS = MEAL_PLAN_LIST.map((plan) => ({ value: plan, label: MEAL_PLANS[plan].label }));

/** A hotel's own fields; its rooms are the room plan's, under the participants. */
export function HotelFields() {
  return (
    <Row gutter={16}>
      <DetailTextField name="hotel_name" label="Отель" max={200} xs={24} md={12} />
      <DetailTextField name="city" label="Город" max={100} xs={24} md={6} />
      <DetailTextField
        name="category"
        label="Категория"
        max={100}
        optional
        placeholder="4*"
        xs={24}
        md={6}
      />
      <Col xs={24} md={12}>
        <Form.Item name={['details', 'meal_plan']} label="Питание" rules={[required]}>
          <Select options={MEAL_OPTIONS} placeholder="Выберите питание" />
        </Form.Item>
      </Col>
    </Row>
  );
}
