import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import type { Paginated, PreparedTour } from '@tour/shared';
import type { FakeReply, FakeRequest } from '../../../testing/fake-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const TOURS = 'GET /admin/tours';

const goldenRing: PreparedTour = {
  id: 5,
  title: 'Золотое кольцо Японии',
  key: 'zolotoe-kolco-yaponii',
  country: 'Япония',
  cities: ['Токио', 'Киото', 'Осака'],
  days: 7,
  itinerary: [],
  included: ['Проживание'],
  not_included: ['Авиабилеты'],
  base_price: 2450.5,
  currency: 'usd',
  agent_price: null,
  agent_commission: 12.5,
  published: true,
  memo: null,
  archived_at: null,
  trips_count: 3,
  created_at: '2025-01-10T09:00:00.000Z',
  updated_at: '2025-01-11T09:00:00.000Z',
};

const issykKul: PreparedTour = {
  ...goldenRing,
  id: 8,
  title: 'Иссык-Куль летом',
  key: 'issyk-kul-letom',
  country: 'Кыргызстан',
  cities: [],
  days: 4,
  base_price: 35000,
  currency: 'kgs',
  agent_price: 31000,
  agent_commission: null,
  published: false,
  trips_count: 0,
};

function pageOf(rows: PreparedTour[], { current = 1, total = rows.length } = {}): FakeReply {
  const body: Paginated<PreparedTour> = {
    data: rows,
    current_page: current,
    last_page: Math.max(1, Math.ceil(total / 20)),
    per_page: 20,
    total,
    from: rows.length > 0 ? (current - 1) * 20 + 1 : null,
    to: rows.length > 0 ? (current - 1) * 20 + rows.length : null,
  };
  return { status: 200, body: { code: 1, data: body } };
}

/** The query of a request without the parameters left out. */
function sent(request: FakeRequest | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries((request?.params ?? {}) as Record<string, unknown>).filter(
      ([, value]) => value !== undefined,
    ),
  );
}

function openList(path: string, tours: FakeReply | ((request: FakeRequest) => FakeReply)) {
  return renderApp({
    path,
    api: {
      ...signedInRoutes(['sales_manager']),
      'GET /admin/tours/countries': {
        status: 200,
        body: { code: 1, data: ['Кыргызстан', 'Япония'] },
      },
      [TOURS]: tours,
    },
  });
}

// Amounts group thousands with a no-break space: compared as they are, not collapsed to a space.
const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

async function rowOf(title: string) {
  const link = await screen.findByRole('link', { name: title });
  return link.closest('tr') as HTMLElement;
}

async function pick(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const dropdown = await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter(
      (element) => !element.classList.contains('ant-select-dropdown-hidden'),
    );
    if (open.length === 0) throw new Error('no open dropdown');
    return open.at(-1)!;
  });
  await user.click(await within(dropdown).findByTitle(option));
}

describe('tours: the list', () => {
  it('reads the filters from the URL, sends them, and shows each tour with its terms', async () => {
    const { api } = openList(
      '/admin/tours?search=%D0%BA%D0%BE%D0%BB%D1%8C%D1%86%D0%BE&country=%D0%AF%D0%BF%D0%BE%D0%BD%D0%B8%D1%8F&published=1&page=2',
      pageOf([goldenRing, issykKul], { current: 2, total: 22 }),
    );

    const row = await rowOf('Золотое кольцо Японии');
    expect(sent(api.callsTo(TOURS)[0])).toEqual({
      page: 2,
      search: 'кольцо',
      country: 'Япония',
      published: 1,
    });
    expect(within(row).getByRole('link', { name: 'Золотое кольцо Японии' })).toHaveAttribute(
      'href',
      '/admin/tour/5/edit',
    );
    expect(within(row).getByText('zolotoe-kolco-yaponii')).toBeInTheDocument();
    expect(within(row).getByText('Токио, Киото, Осака')).toBeInTheDocument();
    expect(within(row).getByText('$2\u00a0450,50', exactly)).toBeInTheDocument();
    expect(within(row).getByText('Комиссия 12,5\u00a0%', exactly)).toBeInTheDocument();
    expect(within(row).getByText('Опубликован')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();

    const other = await rowOf('Иссык-Куль летом');
    expect(within(other).getByText('С35\u00a0000,00', exactly)).toBeInTheDocument();
    expect(within(other).getByText('Цена С31\u00a0000,00', exactly)).toBeInTheDocument();
    expect(within(other).getByText('Не опубликован')).toBeInTheDocument();

    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('кольцо');
    expect(
      screen.getByRole('combobox', { name: 'Страна' }).closest('.ant-select'),
    ).toHaveTextContent('Япония');
    expect(
      screen.getByRole('combobox', { name: 'Опубликован для агентов' }).closest('.ant-select'),
    ).toHaveTextContent('Опубликованы');
    expect(screen.getByRole('checkbox', { name: 'Архив' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Новый тур' })).toHaveAttribute(
      'href',
      '/admin/tour/create',
    );
  });

  it('puts each filter in the URL, from page 1, and asks the server with it', async () => {
    const { api, router, user } = openList('/admin/tours?page=3', pageOf([goldenRing]));
    await rowOf('Золотое кольцо Японии');
    expect(sent(api.callsTo(TOURS)[0])).toEqual({ page: 3 });

    await pick(user, 'Страна', 'Кыргызстан');
    await waitFor(() =>
      expect(where(router)).toBe(
        '/admin/tours?country=%D0%9A%D1%8B%D1%80%D0%B3%D1%8B%D0%B7%D1%81%D1%82%D0%B0%D0%BD',
      ),
    );

    await pick(user, 'Опубликован для агентов', 'Не опубликованы');
    await user.click(screen.getByRole('checkbox', { name: 'Архив' }));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), 'лето');
    await waitFor(() =>
      expect(sent(api.callsTo(TOURS).at(-1))).toEqual({
        page: 1,
        country: 'Кыргызстан',
        published: 0,
        archived: 1,
        search: 'лето',
      }),
    );
    expect(new URLSearchParams(router.state.location.search).toString()).toBe(
      new URLSearchParams({
        country: 'Кыргызстан',
        published: '0',
        archived: '1',
        search: 'лето',
      }).toString(),
    );

    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(where(router)).toBe('/admin/tours'));
    await waitFor(() => expect(sent(api.callsTo(TOURS).at(-1))).toEqual({ page: 1 }));
  });
});
