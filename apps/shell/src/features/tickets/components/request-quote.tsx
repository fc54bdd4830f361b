import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  ExportButton,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Skeleton,
  Typography,
  useServerForm,
} from '@tour/shared/ui';
import {
  allMessagesOf,
  DATE_FORMAT,
  dayjs,
  failureTextOf,
  formatAmount,
  formatDate,
  formatDateTime,
  OCCUPANCIES,
  toApiDate,
  toDayjs,
  type Dayjs,
  type Occupancy,
  type TourRequest,
} from '@tour/shared';
import {
  useShellTicketQuoteQuery,
  useShellTicketQuoteSaveMutation,
  useShellTicketQuoteSendMutation,
  type Quote,
  type RequestQuote as RequestQuoteData,
} from '../api/quote-api';
import { ticketFailure } from '../lib/server-errors';

/** The server keeps at most this much of «что включено» and «что не включено». */
const TEXT_MAX = 2000;
/** How long a new quote is valid by default (the manager may change or clear it). */
const VALID_DAYS = 14;

interface QuoteValues {
  costing_id: number | undefined;
  occupancy: Occupancy;
  group_size: number | undefined;
  included: string;
  not_included: string;
  valid_until: Dayjs | null;
}

/** «10 человек», «2 человека». */
function people(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  if (tens < 11 || tens > 14) {
    if (ones >= 2 && ones <= 4) return `${count} человека`;
  }
  return `${count} человек`;
}

/** «№ 3 от 28.11.2026: $315,00 на человека, двухместное размещение, группа 10 человек». */
export function quoteSummary(quote: Quote): string {
  return (
    `№ ${quote.number} от ${formatDate(quote.issued_on)}: ` +
    `${formatAmount(quote.price, quote.currency)} на человека, ` +
    `${OCCUPANCIES[quote.occupancy].label.toLowerCase()}, группа ${people(quote.group_size)}`
  );
}

function initialValues(data: RequestQuoteData, ticket: TourRequest): QuoteValues {
  const current = data.quote;
  const kept = current && data.costings.some((costing) => costing.id === current.costing_id);
  if (current && kept) {
    return {
      costing_id: current.costing_id,
      occupancy: current.occupancy,
      group_size: current.group_size,
      included: current.included,
      not_included: current.not_included,
      valid_until: toDayjs(current.valid_until),
    };
  }
  const latest = data.costings[0];
  const wanted = ticket.adults + ticket.children;
  const sizes = latest?.rows.map((row) => row.group_size) ?? [];
  return {
    costing_id: latest?.id,
    occupancy: 'double',
    group_size: sizes.includes(wanted) ? wanted : sizes[0],
    included: latest?.included ?? '',
    not_included: data.not_included,
    valid_until: dayjs().add(VALID_DAYS, 'day'),
  };
}

function QuoteForm({
  ticket,
  data,
  onDone,
}: {
  ticket: TourRequest;
  data: RequestQuoteData;
  onDone: () => void;
}) {
  const [form] = Form.useForm<QuoteValues>();
  const { message } = App.useApp();
  const [save, { isLoading }] = useShellTicketQuoteSaveMutation();
  const server = useServerForm({
    form,
    fields: ['costing_id', 'occupancy', 'group_size', 'included', 'not_included', 'valid_until'],
    failure: ticketFailure('Не удалось сохранить предложение. Попробуйте ещё раз.'),
  });
  const initial = useMemo(() => initialValues(data, ticket), [data, ticket]);
  const costingId = Form.useWatch('costing_id', form) ?? initial.costing_id;
  const occupancy = Form.useWatch('occupancy', form) ?? initial.occupancy;
  const costing = data.costings.find((candidate) => candidate.id === costingId);

  const pickCosting = (id: number) => {
    const picked = data.costings.find((candidate) => candidate.id === id);
    if (!picked) return;
    const sizes = picked.rows.map((row) => row.group_size);
    const size = form.getFieldValue('group_size') as number | undefined;
    form.setFieldsValue({
      group_size: size !== undefined && sizes.includes(size) ? size : sizes[0],
      included: picked.included,
    });
  };

  const submit = (values: QuoteValues) =>
    server.submit(async () => {
      const saved = await save({
        id: ticket.id,
        costing_id: values.costing_id as number,
        occupancy: values.occupancy,
        group_size: values.group_size,
        included: values.included.trim(),
        not_included: values.not_included.trim(),
        valid_until: values.valid_until ? toApiDate(values.valid_until) : null,
      }).unwrap();
      if (!saved) {
        server.setFormError('Сервер не подтвердил сохранение. Попробуйте ещё раз.');
        return;
      }
      // The dialog stays: the saved quote shows above, to download or send at once.
      void message.success(`Коммерческое предложение № ${saved.number} сохранено`);
    });

  return (
    <Form<QuoteValues>
      form={form}
      name={`quote-${ticket.id}`}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => void submit(values)}
      autoComplete="off"
    >
      <FormErrorAlert title="Не удалось сохранить предложение" error={server.formError} />
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item
            name="costing_id"
            label="Версия калькуляции"
            rules={[{ required: true, message: 'Выберите версию калькуляции' }]}
          >
            <Select
              onChange={(id: number) => pickCosting(id)}
              options={data.costings.map((option) => ({
                value: option.id,
                label: `Версия ${option.version} — ${option.title}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="occupancy" label="Размещение">
            <Radio.Group
              options={(['double', 'single'] as const).map((value) => ({
                value,
                label: OCCUPANCIES[value].label,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="group_size"
            label="Размер группы"
            rules={[{ required: true, message: 'Выберите размер группы' }]}
            extra={`В заявке: ${people(ticket.adults + ticket.children)}`}
          >
            <Select
              options={(costing?.rows ?? []).map((row) => ({
                value: row.group_size,
                label: `${people(row.group_size)} — ${formatAmount(row[occupancy], costing!.currency)} на человека`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="valid_until" label="Действительно до">
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="included"
            label="Что включено"
            rules={[{ max: TEXT_MAX, message: `Не больше ${TEXT_MAX} символов` }]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={TEXT_MAX} showCount />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="not_included"
            label="Что не включено"
            rules={[{ max: TEXT_MAX, message: `Не больше ${TEXT_MAX} символов` }]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={TEXT_MAX} showCount />
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="flex-end" gap="small" wrap>
        <Button onClick={onDone}>Готово</Button>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Сохранить
        </Button>
      </Flex>
    </Form>
  );
}

/** The current quote: what it offers, when it went out, its paper and its sending. */
function CurrentQuote({ ticket, quote }: { ticket: TourRequest; quote: Quote }) {
  const { message } = App.useApp();
  const [send, { isLoading }] = useShellTicketQuoteSendMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  const sendToClient = async () => {
    setRefusal(null);
    try {
      const sent = await send(ticket.id).unwrap();
      if (!sent) setRefusal('Сервер не подтвердил отправку. Попробуйте ещё раз.');
      else void message.success(`Предложение поставлено в отправку на ${ticket.email ?? 'почту'}`);
    } catch (error) {
      setRefusal(
        allMessagesOf(error)?.join(' ') ??
          failureTextOf(
            error,
            ticketFailure('Не удалось отправить предложение. Попробуйте ещё раз.'),
          ),
      );
    }
  };

  return (
    <Flex vertical gap="small">
      <Typography.Text strong>{quoteSummary(quote)}</Typography.Text>
      <Typography.Text type="secondary">
        {`Версия калькуляции ${quote.version} — ${quote.costing_title}. `}
        {quote.sent_at ? `Отправлено ${formatDateTime(quote.sent_at)}.` : 'Ещё не отправлено.'}
      </Typography.Text>
      <Flex gap="small" wrap>
        <ExportButton
          url={`/admin/ticket/${ticket.id}/quote/docx`}
          label="Скачать DOCX"
          fallbackFileName={`Коммерческое предложение № ${quote.number}.docx`}
        />
        {ticket.status === 'converted' ? null : (
          <Button loading={isLoading} onClick={() => void sendToClient()}>
            Отправить клиенту
          </Button>
        )}
      </Flex>
      {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
    </Flex>
  );
}

/**
 * «Коммерческое предложение» of a request: the current quote (its price per person, its paper,
 * when it was sent), and the dialog that makes a new one from a saved costing version.
 */
export function RequestQuote({ ticket }: { ticket: TourRequest }) {
  const { data, isLoading, isError, refetch } = useShellTicketQuoteQuery(ticket.id, {
    // The costing editor saves versions elsewhere: a new look at the request reads them anew.
    refetchOnMountOrArgChange: true,
  });
  const [open, setOpen] = useState(false);

  let body;
  if (isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title="Не удалось загрузить коммерческое предложение"
        action={<Button onClick={() => void refetch()}>Повторить</Button>}
      />
    );
  } else if (isLoading || !data) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else {
    body = (
      <Flex vertical gap="small">
        {data.quote ? (
          <CurrentQuote ticket={ticket} quote={data.quote} />
        ) : (
          <Typography.Text type="secondary">Предложение ещё не составлено.</Typography.Text>
        )}
        {ticket.status === 'converted' ? null : (
          <div>
            <Button type={data.quote ? 'default' : 'primary'} onClick={() => setOpen(true)}>
              {data.quote ? 'Новое предложение' : 'Составить предложение'}
            </Button>
          </div>
        )}
      </Flex>
    );
  }

  return (
    <Card size="small" title="Коммерческое предложение">
      {body}
      <Modal
        title="Коммерческое предложение"
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        width={760}
        destroyOnHidden
        mask={{ closable: false }}
      >
        {open && data ? (
          data.costings.length === 0 ? (
            <Alert
              type="info"
              showIcon
              title="Сначала составьте калькуляцию заявки"
              description="Цена предложения берётся из сохранённой версии калькуляции: сохраните хотя бы одну."
            />
          ) : (
            <Flex vertical gap="middle">
              {data.quote ? (
                <Card size="small" title="Текущее предложение">
                  <CurrentQuote ticket={ticket} quote={data.quote} />
                </Card>
              ) : null}
              <QuoteForm ticket={ticket} data={data} onDone={() => setOpen(false)} />
            </Flex>
          )
        ) : null}
      </Modal>
    </Card>
  );
}
