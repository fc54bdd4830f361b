import { useState } from 'react';
import {
  Alert,
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
import { Link } from '@tour/shared/router';
import {
  amountError,
  CURRENCIES,
  type Currency,
  CURRENCY_LABELS,
  DATE_FORMAT,
  dayjs,
  type Dayjs,
  formatAmount,
  formatDate,
  hrefOf,
  isActiveParticipation,
  missingRequisites,
  nearestTrip,
  normalizeAmount,
  requisiteNames,
  toApiDate,
  useCan,
  type CompanyDocument,
  type User,
  type ValidationErrors,
  validationErrorsOf,
} from '@tour/shared';
import { useShellCompanyRequisitesQuery } from '../../../lib/company-calls';
import {
  useShellUserTripsQuery,
  useShellUserWalletsAgreementMutation,
  useShellUserWalletsDocumentOptionsQuery,
  useShellUserWalletsEmbassyDocumentMutation,
  type DocumentOptions,
  type EmbassyDocumentArgs,
  type SavedDocument,
  type UserTrip,
} from '../api/user-wallets-api';

const FAILED = 'Не удалось сформировать документ';

/** The document and the visa type, both required by the form before it sends them. */
type EmbassyValues = Pick<EmbassyDocumentArgs, 'type' | 'visaType'>;

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

function EmbassyForm({
  userId,
  options,
  tripId,
}: {
  userId: number;
  options: DocumentOptions;
  tripId: number | null;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EmbassyValues>();
  const [generate, { isLoading }] = useShellUserWalletsEmbassyDocumentMutation();
  const download = (values: EmbassyValues) =>
    runDownload(
      () =>
        generate({
          userId,
          type: values.type,
          visaType: values.visaType,
          tripId,
        }).unwrap(),
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
      <MissingRequisites document="embassy" />
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

function AgreementForm({ user, trip }: { user: User; trip: UserTrip | null }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AgreementValues>();
  const [generate, { isLoading }] = useShellUserWalletsAgreementMutation();
  const priceCurrency = Form.useWatch('currency', form);

  const download = (values: AgreementValues) => {
    // With a trip its destination, dates and price come from it (the fields are hidden).
    const price = !trip && values.price?.trim() ? Number(normalizeAmount(values.price)) : null;
    const text = (value: string | undefined) => value?.trim() || null;
    return runDownload(
      () =>
        generate({
          userId: user.id,
          fileName: values.fileName?.trim() ?? '',
          tripId: trip?.trip_id ?? null,
          contractNumber: text(values.contractNumber),
          contractDate: toApiDate(values.contractDate) || null,
          destination: trip ? null : text(values.destination),
          dateFrom: trip ? null : toApiDate(values.dateFrom) || null,
          dateTo: trip ? null : toApiDate(values.dateTo) || null,
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
      <MissingRequisites document="agreement" />
      <Typography.Paragraph type="secondary">
        {trip
          ? 'Направление, сроки, отели, цена, оплата и номер договора — из выбранного тура; ' +
            'номер можно указать свой.'
          : 'Кроме имени файла, всё по желанию: пустые поля останутся в договоре пропусками ' +
            'для заполнения от руки.'}
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
            <Input
              maxLength={50}
              placeholder={trip ? `${trip.trip_id}/${trip.participant_id}` : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item<AgreementValues> name="contractDate" label="Дата договора">
            <DatePicker format={DATE_FORMAT} placeholder="Сегодня" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {trip ? null : (
          <>
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
                        ? Promise.reject(
                            new Error('Окончание тура не может быть раньше его начала'),
                          )
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
          </>
        )}
        <Col xs={24} md={12}>
          <Form.Item<AgreementValues> name="paymentTerms" label="Порядок оплаты">
            <Input.TextArea
              rows={2}
              maxLength={2000}
              showCount
              placeholder={
                trip
                  ? 'Без него — предоплата при подписании, остаток до начала тура'
                  : 'Без него — типовой текст с пропусками'
              }
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

/**
 * Names the company's requisites a document would print blank (DESIGN.md 9), before it is
 * printed; an administrator gets the way to fill them in.
 */
function MissingRequisites({ document }: { document: CompanyDocument }) {
  const { data } = useShellCompanyRequisitesQuery();
  const canEdit = useCan()('create_admin');
  if (data === undefined) return null;
  const missing = missingRequisites(data, document);
  if (missing.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={`В реквизитах компании не заполнено: ${requisiteNames(missing)}`}
      description={
        canEdit ? (
          <>
            В документе на их месте будут пропуски.{' '}
            <Link to={hrefOf('company')}>Заполнить реквизиты</Link>
          </>
        ) : (
          'В документе на их месте будут пропуски. Попросите администратора заполнить реквизиты.'
        )
      }
    />
  );
}

const NO_TRIP = 0;

function tripLabel(trip: UserTrip): string {
  return `${trip.title}, ${formatDate(trip.starts_on)}–${formatDate(trip.ends_on)}`;
}

/** What the chosen trip gives the documents: its dates and the tourist's money on it. */
function TripMoney({ trip }: { trip: UserTrip }) {
  const debt = trip.debt > 0 ? `, долг ${formatAmount(trip.debt, trip.currency)}` : '';
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
      {`Цена ${formatAmount(trip.due, trip.currency)}, оплачено ` +
        `${formatAmount(trip.paid, trip.currency)}${debt}. Отели — из подтверждённых бронирований.`}
    </Typography.Paragraph>
  );
}

/** Documents of the user, generated on the server as DOCX and saved by the browser. */
export function DocumentsPanel({ user }: { user: User }) {
  const { data: options, isLoading, isError } = useShellUserWalletsDocumentOptionsQuery();
  const { data: trips = [], isLoading: tripsLoading } = useShellUserTripsQuery(user.id);
  const active = trips.filter(isActiveParticipation);
  // The tourist's nearest upcoming trip until another (or none) is chosen.
  const [chosen, setChosen] = useState<number | null>(null);
  const fallback = nearestTrip(active, toApiDate(dayjs()));
  const tripId = chosen ?? fallback?.trip_id ?? NO_TRIP;
  const trip = active.find((item) => item.trip_id === tripId) ?? null;
  return (
    <Card title="Документы">
      <Form layout="vertical" component="div">
        <Form.Item
          label="Тур"
          htmlFor="documents-trip"
          extra={trip ? <TripMoney trip={trip} /> : 'Без тура сроки, направление и цена — пропуски'}
        >
          <Select
            id="documents-trip"
            loading={tripsLoading}
            value={tripsLoading ? undefined : tripId}
            onChange={(value: number) => setChosen(value)}
            options={[
              ...active.map((item) => ({ value: item.trip_id, label: tripLabel(item) })),
              { value: NO_TRIP, label: 'Без тура' },
            ]}
          />
        </Form.Item>
      </Form>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : isError || !options ? (
        <Typography.Text type="danger">Не удалось загрузить виды документов</Typography.Text>
      ) : (
        <EmbassyForm userId={user.id} options={options} tripId={trip?.trip_id ?? null} />
      )}
      <Divider />
      <AgreementForm user={user} trip={trip} />
    </Card>
  );
}
