import { Alert, App, Button, DatePicker, Flex, Form, Grid, Modal, Radio } from 'antd';
import { useState } from 'react';
import {
  CURRENCIES,
  CURRENCY_LABELS,
  DATE_FORMAT,
  dayjs,
  http,
  saveDownload,
  toApiDate,
  type Currency,
  type Dayjs,
  type ValidationErrors,
} from '@tour/shared';
import { Select } from './select';

// The papers a counterparty signs or checks, asked for in a small dialog: «Акт сверки» for a
// period and a currency, «Отчёт агента» for a month, each as XLSX or DOCX. The supplier's card,
// the agent's card and the agent area use the same dialogs with their own addresses.

export const PAPER_FAILED = 'Не удалось сформировать документ. Попробуйте ещё раз.';

type PaperFormat = 'xlsx' | 'docx';

const FORMAT_OPTIONS = [
  { value: 'xlsx', label: 'Таблица XLSX (для сверки)' },
  { value: 'docx', label: 'Документ DOCX (для подписи)' },
];

/** The JSON of a refused file (it arrives as a Blob): its message and field errors. */
async function refusalOf(
  error: unknown,
): Promise<{ message: string | null; errors: ValidationErrors }> {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (!(data instanceof Blob)) return { message: null, errors: {} };
  try {
    const text = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(data);
    });
    const body = JSON.parse(text) as { message?: unknown; errors?: unknown };
    const errors =
      typeof body.errors === 'object' && body.errors !== null
        ? (body.errors as ValidationErrors)
        : {};
    return { message: typeof body.message === 'string' ? body.message : null, errors };
  } catch {
    return { message: null, errors: {} };
  }
}

/**
 * Downloads the paper and saves it under the server's name; the refusal's field errors go to
 * `show` (by the form's field), anything else is a Russian message. True when a file was saved.
 */
function usePaperDownload() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async (
    url: string,
    params: Record<string, string>,
    fallbackFileName: string,
    show: (errors: ValidationErrors) => boolean,
  ): Promise<boolean> => {
    setBusy(true);
    try {
      const response = await http.get<Blob>(url, { params, responseType: 'blob' });
      const saved = saveDownload(
        { status: response.status, data: response.data, headers: response.headers },
        fallbackFileName,
      );
      if (!saved) {
        void message.error(PAPER_FAILED);
        return false;
      }
      void message.success(`Файл сохранён: ${saved.fileName}`);
      return true;
    } catch (error) {
      const refusal = await refusalOf(error);
      if (!show(refusal.errors)) void message.error(refusal.message ?? PAPER_FAILED);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

type Period = [Dayjs | null, Dayjs | null] | null;

interface ActValues {
  period?: Period;
  currency?: Currency;
  format: PaperFormat;
}

/**
 * The act's period: a range picker; on a phone (below antd's `sm`, 576 px), where its two months
 * side by side are wider than the screen, two pickers one under the other.
 */
function PeriodInput({ value, onChange }: { value?: Period; onChange?: (value: Period) => void }) {
  const { xs: phone = false } = Grid.useBreakpoint();
  if (!phone) {
    return (
      <DatePicker.RangePicker
        value={value ?? null}
        onChange={(dates) => onChange?.(dates ? [dates[0], dates[1]] : null)}
        format={DATE_FORMAT}
        style={{ width: '100%' }}
        placeholder={['Начало', 'Конец']}
        aria-label="Период"
      />
    );
  }
  const [from = null, to = null] = value ?? [];
  return (
    <Flex vertical gap="small">
      <DatePicker
        value={from}
        onChange={(date) => onChange?.([date, to])}
        format={DATE_FORMAT}
        style={{ width: '100%' }}
        placeholder="Начало"
        aria-label="Начало периода"
      />
      <DatePicker
        value={to}
        onChange={(date) => onChange?.([from, date])}
        format={DATE_FORMAT}
        style={{ width: '100%' }}
        placeholder="Конец"
        aria-label="Конец периода"
      />
    </Flex>
  );
}

export interface ReconciliationActButtonProps {
  /** The act's API path, e.g. `/admin/supplier/5/act`. */
  url: string;
  /** Who the act is with, for the dialog's title: «Отель Сакура». */
  partyName?: string;
  /** The currency chosen first: the supplier's usual one. */
  defaultCurrency?: Currency | null;
  fallbackFileName: string;
}

/** The last month, as an act is usually asked for. */
function lastMonth(): [Dayjs, Dayjs] {
  const start = dayjs().subtract(1, 'month').startOf('month');
  return [start, start.endOf('month')];
}

/**
 * «Акт сверки»: a button that opens the dialog of the act's period (a range picker), currency
 * and format; «Скачать» makes the file, busy until it is saved.
 */
export function ReconciliationActButton({
  url,
  partyName,
  defaultCurrency,
  fallbackFileName,
}: ReconciliationActButtonProps) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ActValues>();
  const { busy, download } = usePaperDownload();
  const submit = async (values: ActValues) => {
    const [from, to] = values.period ?? [];
    const done = await download(
      url,
      {
        from: toApiDate(from ?? null),
        to: toApiDate(to ?? null),
        currency: values.currency ?? 'usd',
        format: values.format,
      },
      fallbackFileName,
      (errors) => {
        const period = [...(errors.from ?? []), ...(errors.to ?? [])];
        const fields = [
          ...(period.length ? [{ name: 'period' as const, errors: period }] : []),
          ...(['currency', 'format'] as const)
            .filter((name) => errors[name])
            .map((name) => ({ name, errors: errors[name]! })),
        ];
        form.setFields(fields);
        return fields.length > 0;
      },
    );
    if (done) setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Акт сверки</Button>
      <Modal
        open={open}
        title={partyName ? `Акт сверки: ${partyName}` : 'Акт сверки'}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setOpen(false)} disabled={busy}>
            Отмена
          </Button>,
          <Button key="submit" type="primary" loading={busy} onClick={() => form.submit()}>
            Скачать
          </Button>,
        ]}
      >
        <Form<ActValues>
          form={form}
          layout="vertical"
          name="reconciliation-act"
          aria-label="Акт сверки"
          initialValues={{
            period: lastMonth(),
            currency: defaultCurrency ?? 'usd',
            format: 'xlsx',
          }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item<ActValues>
            name="period"
            label="Период"
            rules={[
              {
                validator: (_rule, value: Period | undefined) =>
                  value?.[0] && value[1]
                    ? Promise.resolve()
                    : Promise.reject(new Error('Укажите начало и конец периода')),
              },
            ]}
          >
            <PeriodInput />
          </Form.Item>
          <Form.Item<ActValues>
            name="currency"
            label="Валюта"
            extra="Акт составляется отдельно по каждой валюте расчётов"
            rules={[{ required: true, message: 'Выберите валюту' }]}
          >
            <Select
              aria-label="Валюта"
              options={CURRENCIES.map((currency) => ({
                value: currency,
                label: `${CURRENCY_LABELS[currency]} (${currency.toUpperCase()})`,
              }))}
            />
          </Form.Item>
          <Form.Item<ActValues> name="format" label="Формат">
            <Radio.Group options={FORMAT_OPTIONS} />
          </Form.Item>
          {busy && <Alert type="info" showIcon title="Документ формируется…" />}
        </Form>
      </Modal>
    </>
  );
}

interface ReportValues {
  month?: Dayjs | null;
  format: PaperFormat;
}

export interface AgentReportButtonProps {
  /** The report's API path, e.g. `/admin/users/7/agent/report`. */
  url: string;
  fallbackFileName: string;
}

/** «Отчёт агента»: a button that opens the dialog of the report's month and format. */
export function AgentReportButton({ url, fallbackFileName }: AgentReportButtonProps) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ReportValues>();
  const { busy, download } = usePaperDownload();
  const submit = async (values: ReportValues) => {
    const done = await download(
      url,
      { month: values.month?.format('YYYY-MM') ?? '', format: values.format },
      fallbackFileName,
      (errors) => {
        const fields = (['month', 'format'] as const)
          .filter((name) => errors[name])
          .map((name) => ({ name, errors: errors[name]! }));
        form.setFields(fields);
        return fields.length > 0;
      },
    );
    if (done) setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Отчёт агента</Button>
      <Modal
        open={open}
        title="Отчёт агента за месяц"
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setOpen(false)} disabled={busy}>
            Отмена
          </Button>,
          <Button key="submit" type="primary" loading={busy} onClick={() => form.submit()}>
            Скачать
          </Button>,
        ]}
      >
        <Form<ReportValues>
          form={form}
          layout="vertical"
          name="agent-report"
          aria-label="Отчёт агента"
          initialValues={{ month: dayjs().subtract(1, 'month').startOf('month'), format: 'xlsx' }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item<ReportValues>
            name="month"
            label="Месяц"
            extra="Участники туров, начинающихся в этом месяце"
            rules={[{ required: true, message: 'Выберите месяц' }]}
          >
            <DatePicker
              picker="month"
              format="MM.YYYY"
              style={{ width: '100%' }}
              aria-label="Месяц"
            />
          </Form.Item>
          <Form.Item<ReportValues> name="format" label="Формат">
            <Radio.Group options={FORMAT_OPTIONS} />
          </Form.Item>
          {busy && <Alert type="info" showIcon title="Документ формируется…" />}
        </Form>
      </Modal>
    </>
  );
}
