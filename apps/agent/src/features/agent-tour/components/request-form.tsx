import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Form,
  FormErrorAlert,
  Input,
  Result,
  Row,
  Select,
  theme,
  useServerForm,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import {
  type AgentDeparture,
  type AgentRequest,
  type FailureTexts,
  FIELDS_BELOW_HINT,
  hrefOf,
} from '@tour/shared';
import { periodText, seatsText } from '../../../lib/tour-text';
import { SavedTouristSelect } from '../../../components/saved-tourist-select';
import { checkPhone } from '../../../lib/check-phone';
import { useAgentTourRequestMutation } from '../api/agent-tour-api';
import {
  EMPTY_TOURIST,
  emptyRequestForm,
  MAX_REQUEST_TOURISTS,
  requestBodyOf,
  splitRequestErrors,
  type RequestFormValues,
} from '../lib/request-form-values';

const MESSAGES = {
  departure: 'Выберите выезд',
  name: 'Укажите ФИО туриста',
  none: 'Добавьте хотя бы одного туриста',
  seats: (free: number) => `Свободных мест на этот выезд: ${free}`,
  tooLong: (max: number) => `Не длиннее ${max} символов`,
} as const;

/** Where the agent's requests are listed. */
export const REQUESTS_HREF = `${hrefOf('agent-tourists')}?tab=requests`;

const FAILURE: FailureTexts = {
  byStatus: {
    0: 'Нет связи с сервером. Проверьте подключение и отправьте ещё раз.',
    403: 'Недостаточно прав, чтобы отправлять заявки.',
    404: 'Тур больше не принимает заявки: его сняли с публикации.',
  },
  serverMessage: 'otherwise',
  fallback: 'Не удалось отправить заявку. Попробуйте ещё раз.',
};

/**
 * The travellers' list's own errors (too many for the seats, none at all), as plain lines: the
 * form clears a field's errors whenever it validates again, and antd's animated ErrorList then
 * plays them out and back in (rc-motion), which can leave them hidden on a slow machine.
 */
function ListErrors({ errors }: { errors: ReactNode[] }) {
  const { token } = theme.useToken();
  if (errors.length === 0) return null;
  return (
    <div aria-live="polite" style={{ color: token.colorError, marginTop: 4 }}>
      {errors.map((error, index) => (
        <div key={index}>{error}</div>
      ))}
    </div>
  );
}

/** What the form says once the server has the request. */
function RequestSent({ request, onAnother }: { request: AgentRequest; onAnother: () => void }) {
  return (
    <Result
      status="success"
      title="Заявка отправлена"
      subTitle={`Заявка №${request.id}: выезд ${periodText(request.date_from, request.date_to)}, туристов: ${request.tourists.length}. Менеджер свяжется с вами; статус заявки виден в списке заявок.`}
      extra={[
        <Link key="requests" to={REQUESTS_HREF}>
          Мои заявки
        </Link>,
        <Button key="again" onClick={onAnother}>
          Новая заявка
        </Button>,
      ]}
    />
  );
}

interface RequestFieldsProps {
  tourKey: string;
  /** The departures with free seats. */
  departures: readonly AgentDeparture[];
  onSent: (request: AgentRequest) => void;
}

function RequestFields({ tourKey, departures, onSent }: RequestFieldsProps) {
  const [form] = Form.useForm<RequestFormValues>();
  const [send, { isLoading }] = useAgentTourRequestMutation();
  const server = useServerForm({
    form,
    fields: [],
    failure: FAILURE,
    fieldsHint: FIELDS_BELOW_HINT,
  });
  const initialValues = useMemo(
    () => emptyRequestForm(departures.length === 1 ? departures[0]!.trip_id : undefined),
    [departures],
  );
  const options = useMemo(
    () =>
      departures.map((departure) => {
        const label = `${periodText(departure.starts_on, departure.ends_on)} · ${seatsText(departure)}`;
        return { value: departure.trip_id, label, title: label };
      }),
    [departures],
  );
  const tripId = Form.useWatch('trip_id', form) ?? initialValues.trip_id;
  const departure = departures.find((item) => item.trip_id === tripId);
  const limit = Math.min(departure?.seats_free ?? MAX_REQUEST_TOURISTS, MAX_REQUEST_TOURISTS);

  const checkTourists = async (_rule: unknown, tourists: unknown[] | undefined) => {
    const count = tourists?.length ?? 0;
    if (count === 0) throw new Error(MESSAGES.none);
    const chosen = departures.find((item) => item.trip_id === form.getFieldValue('trip_id'));
    if (chosen && count > chosen.seats_free) throw new Error(MESSAGES.seats(chosen.seats_free));
    if (count > MAX_REQUEST_TOURISTS) {
      throw new Error(`Не больше ${MAX_REQUEST_TOURISTS} туристов в одной заявке`);
    }
  };

  const submit = (values: RequestFormValues) => {
    const body = requestBodyOf(values);
    return server.submit(
      async () => {
        const request = await send({ key: tourKey, body }).unwrap();
        if (!request) {
          server.setFormError('Сервер не подтвердил заявку. Попробуйте ещё раз.');
          return;
        }
        onSent(request);
      },
      (errors) => splitRequestErrors(errors, body.tourists.length),
    );
  };

  return (
    <Form<RequestFormValues>
      form={form}
      name={`agent-request-${tourKey}`}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      onValuesChange={(changed: Partial<RequestFormValues>) => {
        // Another departure may have fewer seats than the travellers already named.
        if ('trip_id' in changed) void form.validateFields([['tourists']]).catch(() => undefined);
      }}
      autoComplete="off"
    >
      <FormErrorAlert title="Заявка не отправлена" error={server.formError} />
      <Form.Item
        name="trip_id"
        label="Выезд"
        rules={[{ required: true, message: MESSAGES.departure }]}
      >
        <Select<number> placeholder="Даты и свободные места" options={options} />
      </Form.Item>
      <Form.List name="tourists" rules={[{ validator: checkTourists }]}>
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <Row key={field.key} gutter={12} align="top" wrap>
                <Col xs={24}>
                  <Form.Item label={`Турист ${index + 1} из моих туристов`}>
                    <SavedTouristSelect
                      label={`Турист ${index + 1} из моих туристов`}
                      onPick={(tourist) => {
                        form.setFieldValue(['tourists', field.name], {
                          full_name: tourist.full_name,
                          phone: tourist.phone ?? '',
                          tourist_id: tourist.id,
                          save: false,
                        });
                        void form
                          .validateFields([
                            ['tourists', field.name, 'full_name'],
                            ['tourists', field.name, 'phone'],
                          ])
                          .catch(() => undefined);
                      }}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[field.name, 'full_name']}
                    label={`ФИО туриста ${index + 1}`}
                    rules={[
                      { required: true, whitespace: true, message: MESSAGES.name },
                      { max: 255, message: MESSAGES.tooLong(255) },
                    ]}
                  >
                    <Input maxLength={255} />
                  </Form.Item>
                </Col>
                <Col xs={18} md={8}>
                  <Form.Item
                    name={[field.name, 'phone']}
                    label={`Телефон туриста ${index + 1}`}
                    rules={[{ validator: checkPhone }]}
                  >
                    <Input type="tel" placeholder="+996 700 000 000" maxLength={32} />
                  </Form.Item>
                </Col>
                <Col xs={6} md={4} style={{ paddingTop: 30 }}>
                  <Button
                    onClick={() => remove(field.name)}
                    disabled={fields.length <= 1}
                    aria-label={`Убрать туриста ${index + 1}`}
                  >
                    Убрать
                  </Button>
                </Col>
                <Form.Item noStyle shouldUpdate>
                  {() =>
                    form.getFieldValue(['tourists', field.name, 'tourist_id']) === undefined ? (
                      <Col xs={24}>
                        <Form.Item
                          name={[field.name, 'save']}
                          valuePropName="checked"
                          style={{ marginTop: -8 }}
                        >
                          <Checkbox>Сохранить в мои туристы</Checkbox>
                        </Form.Item>
                      </Col>
                    ) : null
                  }
                </Form.Item>
              </Row>
            ))}
            <Form.Item
              extra={
                departure
                  ? `Свободных мест на выезде: ${departure.seats_free}`
                  : `Не больше ${MAX_REQUEST_TOURISTS} туристов в одной заявке`
              }
            >
              <Button
                type="dashed"
                onClick={() => add({ ...EMPTY_TOURIST })}
                disabled={fields.length >= limit}
              >
                Добавить туриста
              </Button>
              <ListErrors errors={errors} />
            </Form.Item>
          </>
        )}
      </Form.List>
      <Form.Item
        name="comment"
        label="Комментарий"
        rules={[{ max: 5000, message: MESSAGES.tooLong(5000) }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} showCount />
      </Form.Item>
      {/* Sent by this button only: Enter in a field never sends a half-filled request. */}
      <Button type="primary" htmlType="button" loading={isLoading} onClick={() => form.submit()}>
        Отправить заявку
      </Button>
    </Form>
  );
}

export interface RequestFormProps {
  tourKey: string;
  departures: readonly AgentDeparture[];
}

/**
 * «Заявка на тур»: a departure with free seats, its travellers (ФИО required, phone optional; at
 * least one, no more than the departure's free seats) and a comment. The server's refusals show
 * under their fields and keep what was typed; once sent, the request's number and a link to the
 * agent's requests.
 */
export function RequestForm({ tourKey, departures }: RequestFormProps) {
  const [sent, setSent] = useState<AgentRequest | null>(null);
  // A new request starts from a new form (the previous one's values gone with it).
  const [round, setRound] = useState(0);
  const open = useMemo(() => departures.filter((item) => item.seats_free > 0), [departures]);

  if (sent) {
    return (
      <RequestSent
        request={sent}
        onAnother={() => {
          setSent(null);
          setRound((value) => value + 1);
        }}
      />
    );
  }
  if (open.length === 0) {
    return (
      <Alert
        type="info"
        showIcon
        title="Свободных мест на ближайших выездах нет"
        description="Заявку можно будет отправить, когда появится выезд со свободными местами."
      />
    );
  }
  return <RequestFields key={round} tourKey={tourKey} departures={open} onSent={setSent} />;
}
