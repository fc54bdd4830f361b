import { Col, Form, Input, Row } from '@tour/shared/ui';
import { maxLength } from '../lib/form-rules';
import { DetailTextField } from './detail-text-field';

/** Another expense of a tour: its category and description. */
export function ExpenseFields() {
  return (
    <Row gutter={16}>
      <DetailTextField
        name="category"
        label="Статья расхода"
        max={100}
        placeholder="Визовый сбор"
        xs={24}
        md={10}
      />
      <Col xs={24} md={14}>
        <Form.Item name={['details', 'description']} label="Описание" rules={[maxLength(1000)]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} showCount />
        </Form.Item>
      </Col>
    </Row>
  );
}
