import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  HistoryList,
  Input,
  LoadError,
  PageFrame,
  Popconfirm,
  Row,
  Select,
  Skeleton,
  Tabs,
  Typography,
  Upload,
} from '@tour/shared/ui';
import {
  formatDateTime,
  LEGAL_FORM_NAMES,
  LEGAL_FORMS,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  LOGO_TYPES,
  missingRequisites,
  REQUISITE_FIELDS,
  REQUISITE_LABELS,
  REQUISITE_MAX_LENGTH,
  requisiteError,
  requisiteNames,
  routeByName,
  serverMessageOf,
  validationErrorsOf,
  type CompanyRequisites,
  type CompanyRequisiteValues,
  type RequisiteField,
} from '@tour/shared';
import { useShellCompanyRequisitesQuery } from '../../../lib/company-calls';
import {
  useShellDeleteCompanyLogoMutation,
  useShellSaveCompanyRequisitesMutation,
  useShellUploadCompanyLogoMutation,
} from '../api/company-api';

type Values = { [K in RequisiteField]?: string | null };

/** How each requisite is typed: what the field says under it and shows when empty. */
const HINTS: Partial<Record<RequisiteField, { help?: string; placeholder?: string }>> = {
  name: { help: 'Без формы и кавычек', placeholder: 'Турбюро' },
  inn: { placeholder: '14 цифр' },
  okpo: { placeholder: '8 цифр' },
  licence: { placeholder: 'Номер, дата, кем выдана' },
  city: { help: 'Место составления договора', placeholder: 'г. Бишкек' },
  address: { placeholder: 'Индекс, город, улица, дом, офис' },
  phone: { placeholder: '+996 312 00-00-00' },
  bank_bic: { placeholder: '6 цифр' },
  bank_account: { placeholder: '16 цифр' },
  director_position: { placeholder: 'Директор' },
  director_name: { placeholder: 'Фамилия Имя Отчество' },
  director_name_genitive: {
    help: 'Должность и ФИО в родительном падеже: «в лице директора Асановой Гулнары Маратовны»',
    placeholder: 'директора Фамилии Имени Отчества',
  },
};

const GROUPS: { title: string; fields: RequisiteField[] }[] = [
  { title: 'Компания', fields: ['legal_form', 'name', 'inn', 'okpo', 'licence'] },
  { title: 'Адрес и связь', fields: ['city', 'address', 'phone', 'email'] },
  { title: 'Банк', fields: ['bank_name', 'bank_account', 'bank_bic'] },
  {
    title: 'Руководитель',
    fields: ['director_position', 'director_name', 'director_name_genitive'],
  },
];

const LEGAL_FORM_OPTIONS = LEGAL_FORMS.map((form) => ({
  value: form,
  label: `${LEGAL_FORM_NAMES[form].short} — ${LEGAL_FORM_NAMES[form].full}`,
}));

/** The names of the requisites in the history, the logo's too. */
const HISTORY_FIELDS: Record<string, string> = { ...REQUISITE_LABELS };
const LEGAL_FORM_VALUES = Object.fromEntries(
  LEGAL_FORMS.map((form) => [form, LEGAL_FORM_NAMES[form].short]),
);

function valuesOf(requisites: CompanyRequisites): Values {
  return Object.fromEntries(REQUISITE_FIELDS.map((field) => [field, requisites[field] ?? null]));
}

/** The form's values as PUT /admin/company takes them: every field, empty as null. */
function bodyOf(values: Values): Partial<CompanyRequisiteValues> {
  return Object.fromEntries(
    REQUISITE_FIELDS.map((field) => [field, values[field]?.trim() || null]),
  ) as Partial<CompanyRequisiteValues>;
}

function RequisiteInput({ field }: { field: RequisiteField }) {
  const hint = HINTS[field] ?? {};
  if (field === 'legal_form') {
    return (
      <Form.Item<Values> name="legal_form" label={REQUISITE_LABELS.legal_form}>
        <Select allowClear options={LEGAL_FORM_OPTIONS} placeholder="Выберите форму" />
      </Form.Item>
    );
  }
  const max = REQUISITE_MAX_LENGTH[field];
  return (
    <Form.Item<Values>
      name={field}
      label={REQUISITE_LABELS[field]}
      extra={hint.help}
      rules={[
        {
          validator: (_rule, value: string | null | undefined) => {
            const problem = requisiteError(field, value);
            return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
          },
        },
      ]}
    >
      {field === 'address' || field === 'licence' ? (
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 3 }}
          maxLength={max}
          placeholder={hint.placeholder}
        />
      ) : (
        <Input
          maxLength={max}
          placeholder={hint.placeholder}
          inputMode={
            ['inn', 'okpo', 'bank_account', 'bank_bic'].includes(field) ? 'numeric' : undefined
          }
          type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
          autoComplete="off"
        />
      )}
    </Form.Item>
  );
}

/** The file's bytes in base64 (what PUT /admin/company/logo takes). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsDataURL(file);
  });
}

function LogoCard({ requisites }: { requisites: CompanyRequisites }) {
  const { message } = App.useApp();
  const [upload, { isLoading: uploading }] = useShellUploadCompanyLogoMutation();
  const [remove, { isLoading: removing }] = useShellDeleteCompanyLogoMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const logo = requisites.logo;

  const send = async (file: File) => {
    setProblem(null);
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
      setProblem(LOGO_MESSAGES.type);
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setProblem(LOGO_MESSAGES.size);
      return;
    }
    try {
      await upload(await base64Of(file)).unwrap();
      void message.success('Логотип загружен');
    } catch (error) {
      setProblem(
        validationErrorsOf(error)?.image?.join(' ') ??
          serverMessageOf(error) ??
          'Не удалось загрузить логотип',
      );
    }
  };

  return (
    <Card title={REQUISITE_LABELS.logo} size="small">
      <Flex vertical gap="small">
        {logo ? (
          <img
            src={`/api/admin/company/logo?v=${encodeURIComponent(logo.updated_at)}`}
            alt="Логотип компании"
            style={{ maxHeight: 80, maxWidth: 240, objectFit: 'contain', alignSelf: 'flex-start' }}
          />
        ) : (
          <Typography.Text type="secondary">
            Логотип не загружен: документы печатаются без него.
          </Typography.Text>
        )}
        <Typography.Text type="secondary">
          PNG или JPEG до 1 МБ; печатается в шапке документов.
        </Typography.Text>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        <Flex gap="small" wrap>
          <Upload
            accept={LOGO_TYPES.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button loading={uploading}>{logo ? 'Заменить логотип' : 'Загрузить логотип'}</Button>
          </Upload>
          {logo ? (
            <Popconfirm
              title="Убрать логотип из документов?"
              okText="Убрать"
              cancelText="Отмена"
              onConfirm={async () => {
                try {
                  await remove().unwrap();
                  void message.success('Логотип убран');
                } catch (error) {
                  void message.error(serverMessageOf(error) ?? 'Не удалось убрать логотип');
                }
              }}
            >
              <Button danger loading={removing}>
                Убрать логотип
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}

function RequisitesForm({ requisites }: { requisites: CompanyRequisites }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [save, { isLoading }] = useShellSaveCompanyRequisitesMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const missing = missingRequisites(requisites, 'agreement');
  const submit = async (values: Values) => {
    setFailure(null);
    try {
      const saved = await save(bodyOf(values)).unwrap();
      // What the server kept (digits without spaces); a logo uploaded meanwhile changes no field.
      if (saved) form.setFieldsValue(valuesOf(saved));
      void message.success('Реквизиты сохранены');
    } catch (error) {
      const errors = validationErrorsOf(error);
      const known = Object.entries(errors ?? {}).filter(([name]) =>
        (REQUISITE_FIELDS as readonly string[]).includes(name),
      );
      if (known.length > 0) {
        form.setFields(
          known.map(([name, messages]) => ({ name: name as RequisiteField, errors: messages })),
        );
        setFailure('Исправьте поля, отмеченные ниже.');
      } else {
        setFailure(serverMessageOf(error) ?? 'Не удалось сохранить реквизиты. Попробуйте ещё раз.');
      }
    }
  };

  return (
    <Form<Values>
      form={form}
      name="company"
      layout="vertical"
      aria-label="Реквизиты компании"
      initialValues={valuesOf(requisites)}
      onFinish={(values) => void submit(values)}
      onFinishFailed={() => setFailure('Исправьте поля, отмеченные ниже.')}
    >
      <Flex vertical gap="middle">
        {missing.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            title={`Не заполнено: ${requisiteNames(missing)}`}
            description="Документы оставят на их месте пропуски для заполнения от руки."
          />
        ) : null}
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
        <Row gutter={[16, 16]}>
          {GROUPS.map((group) => (
            <Col key={group.title} xs={24} lg={12}>
              <Card title={group.title} size="small">
                {group.fields.map((field) => (
                  <RequisiteInput key={field} field={field} />
                ))}
              </Card>
            </Col>
          ))}
          <Col xs={24} lg={12}>
            <LogoCard requisites={requisites} />
          </Col>
        </Row>
        <Flex gap="middle" align="center" wrap>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            Сохранить реквизиты
          </Button>
          {requisites.updated_at ? (
            <Typography.Text type="secondary">
              Изменены {formatDateTime(requisites.updated_at)}
              {requisites.updated_by_name ? `, ${requisites.updated_by_name}` : ''}
            </Typography.Text>
          ) : null}
        </Flex>
      </Flex>
    </Form>
  );
}

/**
 * «Реквизиты компании» (route `company`, create_admin): what every document and export header
 * prints of the company, its logo, and who changed what.
 */
export function CompanyPage() {
  const { data, isLoading, isError, refetch } = useShellCompanyRequisitesQuery();
  return (
    <PageFrame
      title={routeByName('company').title}
      note="Печатаются в договорах, документах для посольства, ваучерах и в шапке выгрузок XLSX."
    >
      {isError || (!isLoading && !data) ? (
        <LoadError title="Не удалось загрузить реквизиты" onRetry={() => void refetch()} />
      ) : data ? (
        <Tabs
          items={[
            {
              key: 'requisites',
              label: 'Реквизиты',
              children: <RequisitesForm requisites={data} />,
            },
            {
              key: 'history',
              label: 'История',
              children: (
                <HistoryList
                  record="company"
                  path="/admin/company"
                  id={1}
                  fields={HISTORY_FIELDS}
                  values={LEGAL_FORM_VALUES}
                />
              ),
            },
          ]}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </PageFrame>
  );
}
