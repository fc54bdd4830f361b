import { Button, Col, Flex, Form, Input, InputNumber, Row, Typography } from '@tour/shared/ui';
import { countRule, CURRENCY_SYMBOLS, type Currency } from '@tour/shared';
import { maxLength, requiredText } from '../lib/form-rules';
import { moneyRule } from '../lib/money-input';
import { DetailTextField } from './detail-text-field';

const MAX_CATEGORIES = 20;

/** The ticket categories (category, count, price per ticket), added and removed as rows. */
function TicketCategories() {
  const form = Form.useFormInstance();
  const currency = Form.useWatch('currency', form) as Currency | undefined;
  return (
    <Form.List
      name={['details', 'tickets']}
      rules={[
        {
          validator: (_rule, tickets: unknown[] | undefined) =>
            tickets && tickets.length > 0
              ? Promise.resolve()
              : Promise.reject(new Error('Добавьте хотя бы одну категорию билетов')),
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap="small" role="group" aria-label="Категории билетов">
          <Typography.Text strong>Билеты по категориям</Typography.Text>
          {fields.map((field, index) => (
            <Row gutter={8} key={field.key} align="top">
              <Col xs={24} md={10}>
                <Form.Item
                  name={[field.name, 'category']}
                  rules={[requiredText, maxLength(100)]}
                  style={{ marginBottom: 8 }}
                >
                  <Input aria-label={`Категория ${index + 1}`} placeholder="Взрослый" />
                </Form.Item>
              </Col>
              <Col xs={8} md={4}>
                <Form.Item
                  name={[field.name, 'count']}
                  rules={[
                    { required: true, message: 'Сколько?' },
                    countRule({ min: 0, max: 10000 }),
                  ]}
                  style={{ marginBottom: 8 }}
                >
                  <InputNumber aria-label={`Количество ${index + 1}`} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={10} md={6}>
                <Form.Item
                  name={[field.name, 'price']}
                  rules={[moneyRule(() => currency, true)]}
                  style={{ marginBottom: 8 }}
                >
                  <Input
                    aria-label={`Цена билета ${index + 1}`}
                    inputMode="decimal"
                    prefix={
                      <span aria-hidden="true">{currency ? CURRENCY_SYMBOLS[currency] : ''}</span>
                    }
                  />
                </Form.Item>
              </Col>
              <Col xs={6} md={4}>
                <Button
                  onClick={() => remove(field.name)}
                  aria-label={`Убрать категорию ${index + 1}`}
                >
                  Убрать
                </Button>
              </Col>
            </Row>
          ))}
          <Form.ErrorList errors={errors} />
          <div>
            <Button
              onClick={() => add({ category: '', count: 1, price: '' })}
              disabled={fields.length >= MAX_CATEGORIES}
            >
              Добавить категорию
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

/** Entrance tickets: the venue and the categories; the date and time are with the dates. */
export function ActivityFields() {
  return (
    <>
      <Row gutter={16}>
        <DetailTextField
          name="venue"
          label="Место"
          max={200}
          placeholder="Музей, парк, шоу"
          span={24}
        />
      </Row>
      <TicketCategories />
    </>
  );
}
