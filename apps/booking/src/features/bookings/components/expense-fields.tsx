import { Col, Form, Input, Row } from '@tour/shared/ui';
import { maxLength, requiredText } from '../lib/form-rules';

/** Another expense of a tour: its category and description. */
export function ExpenseFields() {
  return (
    <Row gutter={16}>
      <Col xs={24} md={10}>
        <Form.Item
          name={['details', 'category']}
          label="Статья расхода"
          rules={[requiredText, maxLength(100)]}
        >
          <Input placeholder="Визовый сбор" />
        </Form.Item>
      </Col>
      <Col xs={24} md={14}>
        <Form.Item name={['details', 'description']} label="Описание" rules={[maxLength(1000)]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} showCount />
        </Form.Item>
      </Col>
    </Row>
  );
}
