import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dayjs } from '@tour/shared';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';

installFakeApi();

const FILE = {
  status: 200,
  data: new Blob(['PK']),
  headers: {
    'content-disposition':
      'attachment; filename="agent-report.xlsx"; filename*=UTF-8\'\'%D0%9E%D1%82%D1%87%D1%91%D1%82.xlsx',
  },
};

let saved: string[] = [];
const originalCreate = URL.createObjectURL;
const originalRevoke = URL.revokeObjectURL;

beforeEach(() => {
  saved = [];
  URL.createObjectURL = () => 'blob:paper';
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

afterEach(() => {
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
  jest.restoreAllMocks();
});

describe('agent-tourists: «Документы»', () => {
  it('downloads the agent’s own monthly report, naming no agent', async () => {
    fakeApi.on('GET /agent/report', FILE);
    renderRoute('agent-tourists', { url: '/admin/agent/tourists?tab=documents' });
    expect(screen.getByRole('tab', { name: 'Документы', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Акт сверки' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Отчёт агента' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отчёт агента за месяц' });
    await userEvent.click(within(dialog).getByLabelText('Документ DOCX (для подписи)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скачать' }));
    await waitFor(() => expect(saved).toEqual(['Отчёт.xlsx']));
    expect(fakeApi.requests('GET /agent/report').map((request) => request.params)).toEqual([
      { month: dayjs().subtract(1, 'month').format('YYYY-MM'), format: 'docx' },
    ]);
  });

  it('says in Russian when the act cannot be made', async () => {
    fakeApi.on('GET /agent/act', { status: 500, data: new Blob(['oops']) });
    renderRoute('agent-tourists', { url: '/admin/agent/tourists?tab=documents' });
    await userEvent.click(screen.getByRole('button', { name: 'Акт сверки' }));
    const dialog = await screen.findByRole('dialog', { name: 'Акт сверки' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скачать' }));
    expect(
      await screen.findByText('Не удалось сформировать документ. Попробуйте ещё раз.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
