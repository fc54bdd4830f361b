import { screen, waitFor, within } from '@testing-library/react';
import type {
  Costing,
  CostingPreview,
  Supplier,
  SupplierPrice,
  TourRequest,
  Trip,
} from '@tour/shared';
import type { FakeReply } from '../../../testing/fake-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

// The costing editor («Калькуляция», issue 33) on a trip's page: a hotel line from the hotel's
// price list, the server's table shown with formatted amounts, a missing rate said under the
// rate date, a version saved, a cell's price applied to the trip.

const NBSP = '\u00a0';
const ok = (data: unknown): FakeReply => ({ status: 200, body: { code: 1, data } });
type User = ReturnType<typeof renderApp>['user'];
/** GET /admin/suppliers: one page holding `supplier`. */
const supplierPage = (supplier: Supplier) =>
  ok({ data: [supplier], current_page: 1, last_page: 1, per_page: 20, total: 1, from: 1, to: 1 });

const trip: Trip = {
  id: 5,
  title: 'Иссык-Куль за 5 дней',
  prepared_tour_id: null,
  prepared_tour_title: null,
  country: 'Кыргызстан',
  starts_on: '2027-05-30',
  ends_on: '2027-06-03',
  status: 'planned',
  price: 500,
  currency: 'usd',
  seats: 15,
  seats_taken: 0,
  flights: 'none',
  manager_id: 7,
  manager_name: 'Айгуль Токтогулова',
  itinerary: [],
  notes: null,
  debt: 0,
  debt_missing_rates: false,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

const hotel: Supplier = {
  id: 11,
  name: 'Отель «Ала-Тоо»',
  kinds: ['hotel'],
  contact_person: null,
  phone: null,
  email: null,
  default_currency: 'usd',
  notes: null,
  city: 'Каракол',
  address: null,
  created_at: '2026-10-01T10:00:00Z',
  updated_at: '2026-10-01T10:00:00Z',
};

const price = (
  id: number,
  service: string,
  variant: string,
  meal_plan: 'BB' | 'HB',
  amount: number,
): SupplierPrice => ({
  id,
  supplier_id: 11,
  kind: 'hotel',
  service,
  variant,
  meal_plan,
  capacity: null,
  unit: variant === 'EXB' ? 'person_night' : 'room_night',
  currency: 'usd',
  price: amount,
  valid_from: '2027-05-01',
  valid_to: '2027-09-30',
  notes: null,
  created_at: '2026-10-01T10:00:00Z',
  updated_at: '2026-10-01T10:00:00Z',
});

const prices = [
  price(101, 'Стандарт', 'SGL', 'BB', 60),
  price(102, 'Стандарт', 'DBL', 'BB', 80),
  price(103, 'Стандарт', 'SGL', 'HB', 75),
  price(104, 'Люкс', 'DBL', 'BB', 150),
  price(105, 'Стандарт', 'EXB', 'BB', 20),
];

const hotelLine = {
  type: 'hotel' as const,
  supplier_id: 11,
  service: 'Стандарт',
  meal_plan: 'BB' as const,
  check_in: '2027-05-30',
  nights: 4,
};

const previewOf: CostingPreview = {
  currency: 'usd',
  rate_date: '2027-05-01',
  lines: [
    {
      label: 'Отель «Ала-Тоо», Стандарт, BB',
      currency: 'usd',
      per: 'rooms',
      detail: '30.05.2027, 4 ночи: 4 × (SGL $60,00, DBL $80,00)',
    },
  ],
  rows: [
    {
      group_size: 2,
      single: { cost: 1250.5, price: 1525, commission: 152.5, margin: 122 },
      double: { cost: 160, price: 196, commission: 19.6, margin: 16.4 },
    },
    {
      group_size: 10,
      single: { cost: 240, price: 294, commission: 29.4, margin: 24.6 },
      double: { cost: 257.58, price: 315, commission: 31.5, margin: 25.92 },
    },
  ],
};

const version = (id: number, number: number, title: string): Costing => ({
  ...previewOf,
  id,
  version: number,
  title,
  prepared_tour_id: null,
  trip_id: 5,
  request_id: null,
  markup_type: 'percent',
  markup: 10,
  commission: 10,
  body: {
    currency: 'usd',
    rate_date: '2026-11-26',
    markup_type: 'percent',
    markup: '10',
    commission: '10',
    group_sizes: [2, 10],
    lines: [hotelLine],
  },
  created_by_name: 'Айгуль Токтогулова',
  created_at: '2026-11-26T09:05:00.000Z',
});

async function pick(user: User, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByText(option, { selector: '.ant-select-item *' }));
}

/** The lines of a table cell, as written (no-break spaces kept). */
const textsOf = (cell: HTMLElement) =>
  [...cell.querySelectorAll('.ant-typography')].map((line) => line.textContent);

/** The options of the select whose list is open. */
const openOptions = () =>
  [
    ...document.querySelectorAll(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content',
    ),
  ].map((option) => option.textContent);

// antd names every dialog by the same test id under Jest (a drawer and a dialog open at once
// share one name): a dialog is found by its title.
async function dialogTitled(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('[role="dialog"]') as HTMLElement;
}

async function openCosting(user: User) {
  await user.click(await screen.findByRole('tab', { name: 'Калькуляция' }));
  return screen.findByRole('button', { name: 'Добавить услугу' });
}

describe('the costing of a trip', () => {
  it('adds a hotel line from its price list and shows the server’s table', async () => {
    const { user, api } = renderApp({
      path: '/admin/trip/5/edit',
      api: {
        ...signedInRoutes(['sales_manager']),
        'GET /admin/trip/5': ok(trip),
        'GET /admin/costings': ok([]),
        'GET /admin/suppliers': supplierPage(hotel),
        'GET /admin/supplier/11/prices': ok(prices),
        'POST /admin/costings/preview': ok(previewOf),
      },
    });

    await user.click(await openCosting(user));
    const dialog = await dialogTitled('Добавить услугу');
    await pick(user, dialog, 'Поставщик', 'Отель «Ала-Тоо»');
    expect(api.callsTo('GET /admin/suppliers')[0]!.params).toMatchObject({ kind: 'hotel' });
    // The room categories of the hotel's list (rooms, not extra beds), each once.
    await user.click(await within(dialog).findByRole('combobox', { name: 'Категория номера' }));
    await screen.findByText('Люкс', { selector: '.ant-select-item *' });
    expect(openOptions()).toEqual(['Стандарт', 'Люкс']);
    await user.click(screen.getByText('Стандарт', { selector: '.ant-select-item *' }));
    // The boards the category is priced with.
    await user.click(within(dialog).getByRole('combobox', { name: 'Питание' }));
    await screen.findByText('HB — полупансион', { selector: '.ant-select-item *' });
    expect(openOptions()).toEqual(['BB — завтраки', 'HB — полупансион']);
    await user.click(screen.getByText('BB — завтраки', { selector: '.ant-select-item *' }));
    // The check-in starts at the trip's first day.
    expect(within(dialog).getByLabelText('Заезд')).toHaveValue('30.05.2027');
    const nights = within(dialog).getByLabelText('Ночей');
    await user.clear(nights);
    await user.type(nights, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));

    const list = await screen.findByRole('list', { name: 'Услуги программы' });
    expect(within(list).getByText('1. Отель «Ала-Тоо», Стандарт, BB')).toBeInTheDocument();
    expect(within(list).getByText('Заезд 30.05.2027, 4 ночи, питание BB')).toBeInTheDocument();
    expect(within(list).getByText('День 1, 30.05.2027')).toBeInTheDocument();

    await waitFor(() => expect(api.callsTo('POST /admin/costings/preview')).toHaveLength(1));
    expect(api.callsTo('POST /admin/costings/preview')[0]!.data).toEqual({
      currency: 'usd',
      rate_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
      markup_type: 'percent',
      markup: '0',
      commission: '0',
      group_sizes: [2, 4, 6, 10, 15],
      lines: [hotelLine],
    });
    const table = await screen.findByRole('region', { name: 'Таблица цен' });
    expect(
      await within(list).findByText(
        'Как посчитано (Доллар США): 30.05.2027, 4 ночи: 4 × (SGL $60,00, DBL $80,00)',
      ),
    ).toBeInTheDocument();
    const two = within(table).getByText('2 чел.').closest('tr') as HTMLElement;
    const [single, double] = within(two).getAllByRole('cell').slice(1);
    // Exact texts (the amounts' thousands apart by a no-break space), the price in bold.
    expect(textsOf(single!)).toEqual([
      `$1${NBSP}525,00`,
      `Себестоимость $1${NBSP}250,50`,
      'Комиссия $152,50',
      'Маржа $122,00',
    ]);
    expect(single!.querySelector('strong')?.textContent).toBe(`$1${NBSP}525,00`);
    expect(textsOf(double!)).toEqual([
      '$196,00',
      'Себестоимость $160,00',
      'Комиссия $19,60',
      'Маржа $16,40',
    ]);
    const ten = within(table).getByText('10 чел.').closest('tr') as HTMLElement;
    expect(textsOf(within(ten).getAllByRole('cell')[2]!)[0]).toBe('$315,00');
    // A trip's draft offers no «Применить цену»: a price comes from a saved version.
    expect(within(table).queryByRole('button', { name: /Применить цену/ })).toBeNull();
  });

  it('changes a saved version’s price-list line from its supplier’s list', async () => {
    const guides: Supplier = { ...hotel, id: 12, name: 'Гиды Каракола', kinds: ['guide'] };
    const guide = (id: number, service: string, amount: number): SupplierPrice => ({
      ...price(id, service, 'SGL', 'BB', amount),
      supplier_id: 12,
      kind: 'guide',
      variant: null,
      meal_plan: null,
      unit: 'day',
    });
    const guideLine = { type: 'price' as const, price_id: 201, date: '2027-05-31', quantity: 2 };
    const saved: Costing = {
      ...version(43, 1, 'Гиды'),
      body: { ...version(43, 1, 'Гиды').body, lines: [guideLine] },
      lines: [
        {
          label: 'Гиды Каракола, Гид по Караколу',
          currency: 'usd',
          per: 'group',
          detail: '$50,00 за день × 2',
          supplier: { id: 12, name: 'Гиды Каракола' },
        },
      ],
    };
    const { user, api } = renderApp({
      path: '/admin/trip/5/edit',
      api: {
        ...signedInRoutes(['sales_manager']),
        'GET /admin/trip/5': ok(trip),
        'GET /admin/costings': ok([saved]),
        'GET /admin/suppliers': supplierPage(guides),
        'GET /admin/supplier/12/prices': ok([
          guide(201, 'Гид по Караколу', 50),
          guide(202, 'Гид в горы', 80),
        ]),
        'POST /admin/costings/preview': ok(previewOf),
      },
    });

    await openCosting(user);
    const list = await screen.findByRole('list', { name: 'Услуги программы' });
    expect(await within(list).findByText('1. Гиды Каракола, Гид по Караколу')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Изменить: строка 1' }));
    const dialog = await dialogTitled('Изменить услугу');
    // The supplier's own list, the line's price chosen in it: another is one pick away.
    await waitFor(() =>
      expect(within(dialog).getByText(/^Гид по Караколу — \$50,00/)).toBeInTheDocument(),
    );
    await pick(user, dialog, 'Цена', 'Гид в горы — $80,00 за день, 01.05.2027–30.09.2027');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(list).findByText('1. Гиды Каракола, Гид в горы')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('POST /admin/costings/preview').at(-1)!.data).toMatchObject({
        lines: [{ ...guideLine, price_id: 202 }],
      }),
    );
  });

  it('says a missing rate under the rate date, saves a version and applies a cell’s price', async () => {
    let versions = [version(41, 1, 'Первый расчёт')];
    let tripNow = trip;
    const { user, api } = renderApp({
      path: '/admin/trip/5/edit',
      api: {
        ...signedInRoutes(['sales_manager']),
        'GET /admin/trip/5': () => ok(tripNow),
        'GET /admin/costings': ({ params }) =>
          (params as { trip_id?: number }).trip_id === 5 ? ok(versions) : ok([]),
        'POST /admin/costings/preview': {
          status: 422,
          body: {
            code: 0,
            message: 'Проверьте поля',
            errors: {
              rate_date: [
                'Нет курса EUR → USD на 26.11.2026: введите курсы этого дня или выберите другую дату',
              ],
            },
          },
        },
        'POST /admin/costings': () => {
          versions = [version(42, 2, 'Наценка 15 %'), ...versions];
          return ok(versions[0]);
        },
        'POST /admin/costing/42/apply': () => {
          tripNow = { ...trip, price: 315 };
          return ok(tripNow);
        },
      },
    });

    await openCosting(user);
    // The tab opens on the latest saved version, as a new draft.
    expect(
      await screen.findByText(
        'Открыта версия 1 «Первый расчёт» — это новый черновик: сохранённая версия не меняется.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('1. Отель «Ала-Тоо», Стандарт, BB')).toBeInTheDocument();
    const saved = await screen.findByRole('region', { name: 'Версии калькуляции' });
    const first = within(saved).getByText('Первый расчёт').closest('tr') as HTMLElement;
    expect(within(first).getByText('№ 1')).toBeInTheDocument();
    expect(within(first).getByText('Айгуль Токтогулова')).toBeInTheDocument();
    expect(within(first).getByText(/^26\.11\.2026 \d\d:05$/)).toBeInTheDocument();

    // An old version opens as a new draft: its body in the editor, asked for a preview.
    await user.click(within(first).getByRole('button', { name: 'Открыть' }));
    expect(
      await screen.findByText(
        'Открыта версия 1 «Первый расчёт» — это новый черновик: сохранённая версия не меняется.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('1. Отель «Ала-Тоо», Стандарт, BB')).toBeInTheDocument();
    const missing = await screen.findByText(
      'Нет курса EUR → USD на 26.11.2026: введите курсы этого дня или выберите другую дату',
    );
    const rateField = missing.closest('.ant-form-item') as HTMLElement;
    expect(within(rateField).getByLabelText('Дата курсов')).toHaveValue('26.11.2026');
    expect(api.callsTo('POST /admin/costings/preview')[0]!.data).toMatchObject({
      rate_date: '2026-11-26',
      markup: '10',
      commission: '10',
      group_sizes: [2, 10],
      lines: [hotelLine],
    });

    // A title is required; then the draft is saved as the trip's next version.
    const title = screen.getByLabelText('Название версии');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Сохранить версию' }));
    expect(await screen.findByText('Укажите название версии')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/costings')).toHaveLength(0);
    await user.type(title, 'Наценка 15 %');
    await user.click(screen.getByRole('button', { name: 'Сохранить версию' }));
    expect(await screen.findByText('Сохранена версия 2')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/costings')[0]!.data).toEqual({
      currency: 'usd',
      rate_date: '2026-11-26',
      markup_type: 'percent',
      markup: '10',
      commission: '10',
      group_sizes: [2, 10],
      lines: [hotelLine],
      title: 'Наценка 15 %',
      trip_id: 5,
    });

    // The saved version's table opens; a cell's «Применить цену» says what the price becomes.
    const tripReads = api.callsTo('GET /admin/trip/5').length;
    await user.click(
      await screen.findByRole('button', {
        name: 'Применить цену: версия 2, группа 10 чел., двухместное размещение',
      }),
    );
    const confirm = await dialogTitled('Применить цену');
    expect(confirm).toHaveTextContent(
      'Цена тура на человека станет $315,00 — версия 2 «Наценка 15 %», группа 10 чел., ' +
        'двухместное размещение.',
    );
    expect(confirm).toHaveTextContent('Сейчас: $500,00 на человека.');
    await user.click(within(confirm).getByRole('button', { name: 'Применить цену' }));
    expect(await screen.findByText('Цена тура — $315,00 на человека')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/costing/42/apply')[0]!.data).toEqual({
      group_size: 10,
      occupancy: 'double',
    });
    // The trip is read again: its form shows the new price (never saves the old one back).
    await waitFor(() => expect(api.callsTo('GET /admin/trip/5').length).toBeGreaterThan(tripReads));
    await user.click(screen.getByRole('tab', { name: 'Тур' }));
    await waitFor(() => expect(screen.getByLabelText('Цена на человека')).toHaveValue('315'));
  });

  it('starts a request’s costing from its dates and travellers', async () => {
    const request: TourRequest = {
      id: 11,
      source: 'phone',
      status: 'in_work',
      contact_name: 'Иванов Иван',
      phone: '+996555123456',
      email: null,
      prepared_tour_id: null,
      prepared_tour_title: null,
      trip_id: null,
      trip_title: null,
      date_from: '2027-06-01',
      date_to: '2027-06-05',
      adults: 2,
      children: 1,
      comment: null,
      reject_reason: null,
      assignee_id: 7,
      assignee_name: 'Айгуль Токтогулова',
      counterparty_id: null,
      counterparty_name: null,
      travellers: [],
      converted_at: null,
      created_at: '2026-11-04T12:00:00Z',
      updated_at: '2026-11-04T12:00:00Z',
    };
    const { user, api } = renderApp({
      path: '/admin/tickets?ticket=11',
      api: {
        ...signedInRoutes(['sales_manager']),
        'GET /admin/tickets/counts': ok({ new: 0, in_work: 1, converted: 0, rejected: 0 }),
        'GET /admin/tickets': ok({
          data: [request],
          current_page: 1,
          last_page: 1,
          per_page: 20,
          total: 1,
        }),
        'GET /admin/ticket/11': ok(request),
        'GET /admin/costings': ({ params }) =>
          (params as { request_id?: number }).request_id === 11 ? ok([]) : ok(null),
        'POST /admin/costings/preview': ok({ ...previewOf, lines: [], rows: [] }),
      },
    });

    await screen.findByText('Заявка №11');
    await screen.findByRole('tab', { name: 'История' });
    await user.click(await openCosting(user));
    const dialog = await dialogTitled('Добавить услугу');
    // A dated line starts on the request's first day.
    await user.click(within(dialog).getByRole('radio', { name: 'Трансфер' }));
    expect(await within(dialog).findByLabelText('Дата')).toHaveValue('01.06.2027');
    await user.click(within(dialog).getByRole('radio', { name: 'Вручную' }));
    await user.type(await within(dialog).findByLabelText('Что это'), 'Ужин в юрте');
    await pick(user, dialog, 'Валюта', 'Сом');
    await user.type(within(dialog).getByLabelText('Сумма'), '1200');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByText('1. Ужин в юрте')).toBeInTheDocument();
    expect(screen.getByText('За человека')).toBeInTheDocument();

    // Three travellers: a row of three in the table, among the usual sizes.
    await waitFor(() => expect(api.callsTo('POST /admin/costings/preview')).toHaveLength(1));
    expect(api.callsTo('POST /admin/costings/preview')[0]!.data).toMatchObject({
      group_sizes: [2, 3, 4, 6, 10, 15],
      lines: [
        {
          type: 'typed',
          label: 'Ужин в юрте',
          currency: 'kgs',
          per: 'person',
          amount: '1200',
          quantity: 1,
        },
      ],
    });

    // Group sizes are tags: a size typed (then a comma) joins the table's rows, in order.
    const sizes = screen.getByLabelText('Размеры группы');
    await user.type(sizes, '8,');
    await waitFor(() => expect(api.callsTo('POST /admin/costings/preview')).toHaveLength(2));
    expect(api.callsTo('POST /admin/costings/preview')[1]!.data).toMatchObject({
      group_sizes: [2, 3, 4, 6, 8, 10, 15],
    });
  });

  it('is not offered to a viewer without the booking section', async () => {
    renderApp({
      path: '/admin/trip/5/edit',
      api: { ...signedInRoutes(['accountant']), 'GET /admin/trip/5': ok(trip) },
    });
    expect(await screen.findByRole('tab', { name: 'История' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Калькуляция' })).toBeNull();
  });
});
