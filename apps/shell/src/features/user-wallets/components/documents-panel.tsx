import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  Row,
  Select,
  Skeleton,
  Typography,
  type FormInstance,
} from '@tour/shared/ui';
import {
  amountError,
  CURRENCIES,
  type Currency,
  CURRENCY_LABELS,
  DATE_FORMAT,
  type Dayjs,
  normalizeAmount,
  toApiDate,
  type User,
  type ValidationErrors,
  validationErrorsOf,
} from '@tour/shared';
import {
  useShellUserWalletsAgreementMutation,
  useShellUserWalletsDocumentOptionsQuery,
  useShellUserWalletsEmbassyDocumentMutation,
  type DocumentOptions,
  type SavedDocument,
} from '../api/user-wallets-api';

const FAILED = 'Не удалось сформировать документ';

interface EmbassyValues {
  type?: string;
  visaType?: string;
}

interface AgreementValues {
  fileName?: string;
  contractNumber?: string;
  contractDate?: Dayjs | null;
  destination?: string;
  dateFrom?: Dayjs | null;
  dateTo?: Dayjs | null;
  price?: string;
  currency?: Currency;
  paymentTerms?: string;
}

/** The agreement's default file name: 'Договор - <ФИО>.docx'. */
export function defaultAgreementFileName(fullName: string): string {
  return `Договор - ${fullName.trim()}.docx`;
}

type MessageApi = ReturnType<typeof App.useApp>['message'];

/**
 * What a download ends with: a note that the file was saved, the server's field errors under
 * their fields (422), else the Russian failure message (SPEC.md 7: a failed download gives false).
 */
async function runDownload<Values>(
  request: () => Promise<SavedDocument>,
  form: FormInstance<Values>,
  fields: readonly string[],
  message: MessageApi,
): Promise<void> {
  try {
    const saved = await request();
    if (saved) void message.success(`Документ сохранён: ${saved.fileName}`);
    else void message.error(FAILED);
  } catch (error) {
    const errors: ValidationErrors | null = validationErrorsOf(error);
    const known = Object.entries(errors ?? {}).filter(([name]) => fields.includes(name));
    if (known.length === 0) {
      void message.error(FAILED);
      return;
    }
    form.setFields(known.map(([name, messages]) => ({ name: name as never, errors: messages })));
    const others = Object.entries(errors ?? {}).filter(([name]) => !fields.includes(name));
    void message.error(
      others.length > 0
        ? `${FAILED}: ${others.flatMap(([, messages]) => messages).join(' ')}`
        : `${FAILED}: проверьте поля формы`,
    );
  }
}

function EmbassyForm({ userId, options }: { userId: number; options: DocumentOptions }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EmbassyValues>();
  const [generate, { isLoading }] = useShellUserWalletsEmbassyDocumentMutation();
  const download = (values: EmbassyValues) =>
    runDownload(
      () => generate({ userId, type: values.type ?? '', visaType: values.visaType ?? '' }).unwrap(),
      form,
      ['type', 'visaType'],
      message,
    );
  return (
    <Form<EmbassyValues>
      form={form}
      name="embassy"
      layout="vertical"
      aria-label="Документ для посольства"
      initialValues={{
        type: options.embassyTypes[0]?.value,
        visaType: options.visaTypes[0]?.value,
      }}
      onFinish={(values) => void download(values)}
    >
      <Typography.Title level={5}>Документ для посольства</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item<EmbassyValues>
            name="type"
            label="Документ"
            rules={[{ required: true, message: 'Выберите документ' }]}
          >
            <Select options={options.embassyTypes} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item<EmbassyValues>
            name="visaType"
            label="Категория визы"
            rules={[{ required: true, message: 'Выберите категорию визы' }]}
          >
            <Select options={options.visaTypes} />
          </Form.Item>
        </Col>
      </Row>
      <Button htmlType="submit" loading={isLoading} disabled={isLoading}>
        Скачать документ для посольства
      </Button>
    </Form>
  );
}

const AGREEMENT_FIELDS = [
  'fileName',
  'contractNumber',
  'contractDate',
  'destination',
  'dateFrom',
  'dateTo',
  'price',
  'currency',
  'paymentTerms',
] as const;

function AgreementForm({ user }: { user: User }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AgreementValues>();
  const [generate, { isLoading }] = useShellUserWalletsAgreementMutation();
  const priceCurrency = Form.useWatch('currency', form);

  const download = (values: AgreementValues) => {
    const price = values.price?.trim() ? Number(normalizeAmount(values.price)) : null;
    const text = (value: string | undefined) => value?.trim() || null;
    return runDownload(
      () =>
        generate({
          userId: user.id,
          fileName: values.fileName?.trim() ?? '',
          contractNumber: text(values.contractNumber),
          contractDate: toApiDate(values.contractDate) || null,
          destination: text(values.destination),
          dateFrom: toApiDate(values.dateFrom) || null,
          dateTo: toApiDate(values.dateTo) || null,
          price,
          currency: price === null ? null : (values.currency ?? null),
          paymentTerms: text(values.paymentTerms),
        }).unwrap(),
      form,
      AGREEMENT_FIELDS,
      message,
    );
  };

  return (
    <Form<AgreementValues>
      form={form}
      name="agreement"
      layout="vertical"
      aria-label="Договор"
      initialValues={{ fileName: defaultAgreementFileName(user.full_name) }}
      onFinish={(values) => void download(values)}
    >
      <Typography.Title level={5}>Договор</Typography.Title>
      <Typography.Paragraph type="secondary">
        Кроме имени файла, всё по желанию: пустые поля останутся в договоре пропусками для
        заполнения от руки.
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item<AgreementValues>
            name="fileName"
            label="Имя файла"
            rules={[{ required: true, whitespace: true, message: 'Введите имя файла' }]}
          >
            <Input maxLength={150} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item<AgreementValues> name="contractNumber" label="Номер договора">
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item<AgreementValues> name="contractDate" label="Дата договора">
            <DatePicker format={DATE_FORMAT} placeholder="Сегодня" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item<AgreementValues> name="destination" label="Направление">
            <Input maxLength={200} placeholder="Страна и города" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item<AgreementValues> name="dateFrom" label="Начало тура">
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item<AgreementValues>
            name="dateTo"
            label="Окончание тура"
            dependencies={['dateFrom']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: Dayjs | null | undefined) => {
                  const from = getFieldValue('dateFrom') as Dayjs | null | undefined;
                  return value && from && value.isBefore(from, 'day')
                    ? Promise.reject(new Error('Окончание тура не может быть раньше его начала'))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item<AgreementValues>
            name="price"
            label="Цена тура"
            dependencies={['currency']}
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  if (!value?.trim()) return Promise.resolve();
                  const problem = amountError(value, priceCurrency);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item<AgreementValues>
            name="currency"
            label="Валюта цены"
            dependencies={['price']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: Currency | undefined) =>
                  !value && (getFieldValue('price') as string | undefined)?.trim()
                    ? Promise.reject(new Error('Укажите валюту цены'))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Select
              allowClear
              options={CURRENCIES.map((code) => ({
                value: code,
                label: `${CURRENCY_LABELS[code]} (${code.toUpperCase()})`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item<AgreementValues> name="paymentTerms" label="Порядок оплаты">
            <Input.TextArea
              rows={2}
              maxLength={2000}
              placeholder="Без него — типовой текст с пропусками"
            />
          </Form.Item>
        </Col>
      </Row>
      <Button htmlType="submit" loading={isLoading} disabled={isLoading}>
        Скачать договор
      </Button>
    </Form>
  );
}

/** Documents of the user, generated on the server as DOCX and saved by the browser. */
export function DocumentsPanel({ user }: { user: User }) {
  const { data: options, isLoading, isError } = useShellUserWalletsDocumentOptionsQuery();
  return (
    <Card title="Документы">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : isError || !options ? (
        <Typography.Text type="danger">Не удалось загрузить виды документов</Typography.Text>
      ) : (
        <EmbassyForm userId={user.id} options={options} />
      )}
      <Divider />
      <AgreementForm user={user} />
    </Card>
  );
}
