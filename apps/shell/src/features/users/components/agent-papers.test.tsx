import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dayjs } from '@tour/shared';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { UiProviders } from '@tour/shared/ui';
import { AgentPapers } from './agent-papers';

installFakeApi();

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

describe('«Документы агента» on a counterparty’s card', () => {
  it('downloads that agent’s act for last month', async () => {
    fakeApi.on('GET /admin/users/12/agent/act', {
      status: 200,
      data: new Blob(['PK']),
      headers: { 'content-disposition': 'attachment; filename="act.xlsx"' },
    });
    render(
      <UiProviders>
        <AgentPapers agent={{ id: 12, full_name: 'Агентство Шелковый путь' }} />
      </UiProviders>,
    );
    expect(screen.getByRole('button', { name: 'Отчёт агента' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Акт сверки' }));
    await screen.findByText('Акт сверки: Агентство Шелковый путь');
    await userEvent.click(screen.getByRole('button', { name: 'Скачать' }));
    await waitFor(() => expect(saved).toEqual(['act.xlsx']));
    const month = dayjs().subtract(1, 'month');
    expect(fakeApi.requests('GET /admin/users/12/agent/act')[0]!.params).toEqual({
      from: month.startOf('month').format('YYYY-MM-DD'),
      to: month.endOf('month').format('YYYY-MM-DD'),
      currency: 'usd',
      format: 'xlsx',
    });
  });
});
