import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { aigul, request, textOf } from '../../../testing/agent';
import { renderRoute } from '../../../testing/render-route';

installFakeApi();

const REQUESTS = 'GET /agent/requests';
const URL_OF_REQUESTS = '/admin/agent/tourists?tab=requests';

function cellsOf(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => textOf(cell));
}

/** Opens a select and picks the option of that label in the list that opened last. */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1)!);
}

describe('agent-tourists: «Заявки»', () => {
  it('lists the agent’s requests: tour, departure, tourists, status and the reason of a refusal', async () => {
    fakeApi.ok(
      REQUESTS,
      page([
        request(),
        request({
          id: 290,
          status: 'rejected',
          tour_key: null,
          tour_title: 'Сеул весной',
          date_from: '2026-04-03',
          date_to: '2026-04-09',
          tourists: [{ full_name: 'Токтогулов Эрлан', phone: null }],
          comment: null,
          reject_reason: 'Группа набрана',
          created_at: '2026-03-01T06:05:00.000Z',
        }),
      ]),
    );
    renderRoute('agent-tourists', { url: URL_OF_REQUESTS });
    expect(screen.getByRole('tab', { name: 'Заявки', selected: true })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Классическая Япония' });
    expect(link).toHaveAttribute('href', '/admin/agent/tours/japan-classic');

    const [, first, second] = within(screen.getByRole('table', { name: 'Заявки' })).getAllByRole(
      'row',
    );
    const created = cellsOf(first!);
    // The moment is shown in the browser's time zone: only its shape is fixed here.
    expect(created[0]).toMatch(/^14\.09\.2026 \d\d:\d\d$/);
    expect(created.slice(1)).toEqual([
      'Классическая Япония',
      '01.12.2026 – 10.12.2026',
      'Асанова Айгуль, Асанов Бакыт',
      'Новая',
      'Нужен номер с видом на море',
    ]);
    expect(cellsOf(second!).slice(1)).toEqual([
      'Сеул весной',
      '03.04.2026 – 09.04.2026',
      'Токтогулов Эрлан',
      'ОтклоненаПричина: Группа набрана',
      '—',
    ]);
    expect(fakeApi.requests(REQUESTS).map((sent) => sent.params)).toEqual([{ page: '1' }]);
    expect(fakeApi.requests('GET /agent/tourists')).toHaveLength(0);
  });

  it('filters by status through the URL and the request', async () => {
    fakeApi.ok(REQUESTS, page([request()], { total: 30 }));
    const view = renderRoute('agent-tourists', { url: `${URL_OF_REQUESTS}&page=2` });
    await screen.findByRole('link', { name: 'Классическая Япония' });
    expect(fakeApi.requests(REQUESTS)[0]!.params).toEqual({ page: '2' });

    await choose(screen.getByRole('combobox', { name: 'Статус заявки' }), 'Отклонены');
    await waitFor(() => expect(view.location()).toBe(`${URL_OF_REQUESTS}&status=rejected`));
    await waitFor(() =>
      expect(fakeApi.requests(REQUESTS).at(-1)!.params).toEqual({ page: '1', status: 'rejected' }),
    );
  });

  it('keeps the tab in the URL, each tab from its own first page', async () => {
    fakeApi.ok('GET /agent/tourists', page([aigul()]));
    fakeApi.ok(REQUESTS, page([request()]));
    const view = renderRoute('agent-tourists', {
      url: '/admin/agent/tourists?search=%D0%90&page=3',
    });
    await screen.findByText('Асанова Айгуль');

    await userEvent.click(screen.getByRole('tab', { name: 'Заявки' }));
    await waitFor(() => expect(view.location()).toBe(URL_OF_REQUESTS));
    await screen.findByRole('link', { name: 'Классическая Япония' });
    expect(fakeApi.requests(REQUESTS).map((sent) => sent.params)).toEqual([{ page: '1' }]);

    await userEvent.click(screen.getByRole('tab', { name: 'Туристы' }));
    await waitFor(() => expect(view.location()).toBe('/admin/agent/tourists'));
    expect(await screen.findByRole('table', { name: 'Туристы' })).toBeInTheDocument();
  });
});
