import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter } from 'axios';
import { dayjs, http } from '@tour/shared';
import { AgentReportButton, PAPER_FAILED, ReconciliationActButton } from './paper-dialogs';
import { UiProviders } from './ui-providers';
import { StyleSink } from '@tour/shared/testing';

let requests: { url: string; params: unknown }[] = [];
let answer: 'file' | 'refused' | 'error' | 'empty' = 'file';

const adapter: AxiosAdapter = async (config) => {
  requests.push({ url: config.url ?? '', params: config.params });
  const response = { statusText: '', config, headers: {} as Record<string, string> };
  if (answer === 'refused') {
    throw new AxiosError('refused', 'ERR_BAD_REQUEST', config, null, {
      ...response,
      status: 422,
      data: new Blob([
        JSON.stringify({
          code: 0,
          message: 'Проверьте правильность заполнения полей',
          errors: { to: ['Конец периода не может быть раньше начала'] },
        }),
      ]),
    });
  }
  if (answer === 'error') {
    throw new AxiosError('fail', 'ERR_BAD_RESPONSE', config, null, {
      ...response,
      status: 500,
      data: new Blob(['oops']),
    });
  }
  if (answer === 'empty') return { ...response, status: 204, data: '' };
  return {
    ...response,
    status: 200,
    headers: {
      'content-disposition':
        'attachment; filename="act.xlsx"; filename*=UTF-8\'\'%D0%90%D0%BA%D1%82.xlsx',
    },
    data: new Blob(['PK']),
  };
};

let saved: string[] = [];
const originalAdapter = http.defaults.adapter;
const originalCreate = URL.createObjectURL;
const originalRevoke = URL.revokeObjectURL;

beforeEach(() => {
  requests = [];
  saved = [];
  answer = 'file';
  http.defaults.adapter = adapter;
  URL.createObjectURL = () => 'blob:paper';
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

afterEach(() => {
  http.defaults.adapter = originalAdapter;
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
  jest.restoreAllMocks();
});

const lastMonth = dayjs().subtract(1, 'month').startOf('month');

const { matchMedia } = window;
/** A phone's screen, 390 px wide, for antd's breakpoints (min-width and max-width queries). */
function phone() {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)/.exec(query);
    const max = /max-width:\s*(\d+)/.exec(query);
    const matches =
      (min === null || 390 >= Number(min[1])) && (max === null || 390 <= Number(max[1]));
    return { ...matchMedia(query), matches, media: query };
  };
}
afterEach(() => {
  window.matchMedia = matchMedia;
});

async function openAct() {
  render(
    <UiProviders>
      <ReconciliationActButton
        url="/admin/supplier/5/act"
        partyName="Отель Сакура"
        defaultCurrency="jpy"
        fallbackFileName="Акт сверки.xlsx"
      />
    </UiProviders>,
    { wrapper: StyleSink },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Акт сверки' }));
  return screen.findByRole('dialog', { name: 'Акт сверки: Отель Сакура' });
}

describe('ReconciliationActButton', () => {
  it('asks for last month in the supplier’s currency as XLSX by default and saves the file', async () => {
    const dialog = await openAct();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скачать' }));
    await waitFor(() => expect(saved).toEqual(['Акт.xlsx']));
    expect(requests).toEqual([
      {
        url: '/admin/supplier/5/act',
        params: {
          from: lastMonth.format('YYYY-MM-DD'),
          to: lastMonth.endOf('month').format('YYYY-MM-DD'),
          currency: 'jpy',
          format: 'xlsx',
        },
      },
    ]);
    expect(await screen.findByText('Файл сохранён: Акт.xlsx')).toBeInTheDocument();
  });

  it('asks for the period with two pickers one under the other on a phone', async () => {
    phone();
    const dialog = await openAct();
    expect(within(dialog).getByLabelText('Начало периода')).toHaveValue(
      lastMonth.format('DD.MM.YYYY'),
    );
    expect(within(dialog).getByLabelText('Конец периода')).toHaveValue(
      lastMonth.endOf('month').format('DD.MM.YYYY'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скачать' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((requests[0]!.params as { to: string }).to).toBe(
      lastMonth.endOf('month').format('YYYY-MM-DD'),
    );
  });

  it('asks for the DOCX when chosen', async () => {
    const dialog = await openAct();
    await userEvent.click(within(dialog).getByLabelText('Документ DOCX (для подписи)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скачать' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((requests[0]!.params as { format: string }).format).toBe('docx');
  });

  it('shows the server’s period error under the period and keeps the dialog open', async () => {
    answer = 'refused';
    const dialog = await openAct();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скачать' }));
    expect(
      await within(dialog).findByText('Конец периода не может быть раньше начала'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says in Russian when the file could not be made', async () => {
    answer = 'error';
    const dialog = await openAct();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скачать' }));
    expect(await screen.findByText(PAPER_FAILED)).toBeInTheDocument();
  });
});

describe('AgentReportButton', () => {
  function renderReport() {
    render(
      <UiProviders>
        <AgentReportButton url="/agent/report" fallbackFileName="Отчёт агента.xlsx" />
      </UiProviders>,
      { wrapper: StyleSink },
    );
  }

  it('asks for last month’s report and saves it', async () => {
    renderReport();
    await userEvent.click(screen.getByRole('button', { name: 'Отчёт агента' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отчёт агента за месяц' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скачать' }));
    await waitFor(() => expect(saved).toEqual(['Акт.xlsx']));
    expect(requests).toEqual([
      { url: '/agent/report', params: { month: lastMonth.format('YYYY-MM'), format: 'xlsx' } },
    ]);
  });

  it('says in Russian when the server sends no file', async () => {
    answer = 'empty';
    renderReport();
    await userEvent.click(screen.getByRole('button', { name: 'Отчёт агента' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отчёт агента за месяц' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скачать' }));
    expect(await screen.findByText(PAPER_FAILED)).toBeInTheDocument();
  });
});
