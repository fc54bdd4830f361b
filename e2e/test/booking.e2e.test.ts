import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import {
  BASE_URL,
  chooseOption,
  freshPagePerTest,
  searchAndPick,
  motionSettled,
  pageApi,
  screenshot,
  signIn,
} from '../support/browser';

// The booking section's day in the composed product, as the reservations agent: a fresh trip
// abroad with three tourists (made through the API: not what this is about), then a hotel chosen
// from its supplier (its name and city filled from the supplier's card) with the tourists placed
// in rooms of its room plan, the flights there and back with a ticket and its cost per passenger
// and the health insurance with its policies, each through the drawer of its month view. The
// dashboard's counts and missing bookings, the trip summary's bookings, costs and readiness follow
// (a flight out alone leaves «Нет авиабилета обратно»), and the hotel's «Список размещения»
// downloads as an XLSX with the rooms as planned. Real API and database, no mocks.

let page: Page;

freshPagePerTest((newPage) => {
  page = newPage;
});

const stamp = Date.now();
const pad = (n: number) => String(n).padStart(2, '0');

// A month four months ahead: the demo trips and bookings end within three months of today.
const now = new Date();
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 4, 1));
const YEAR = monthStart.getUTCFullYear();
const MM = pad(monthStart.getUTCMonth() + 1);
const MONTH = `${MM}-${YEAR}`;
const isoDay = (day: number) => `${YEAR}-${MM}-${pad(day)}`;
const ruDay = (day: number) => `${pad(day)}.${MM}.${YEAR}`;

const TRIP_TITLE = `Анталья E2E ${stamp}`;
// The hotel is its own supplier: its card gives the booking the hotel's name and city.
const HOTEL = `Rixos Downtown ${stamp}`;
const HOTEL_SUPPLIER = HOTEL;
const HOTEL_ADDRESS = 'Анталья, бульвар Коньяалты, 6';
const AIR_SUPPLIER = `Авиакасса E2E ${stamp}`;
const INSURER = `Страховщик E2E ${stamp}`;
const FLIGHT_TITLE = 'Turkish Airlines TK 347 FRU → AYT';
const RETURN_TITLE = 'Turkish Airlines TK 348 AYT → FRU';
const POLICY_TITLE = `Стандарт ${stamp}, Турция`;

// The rooming list's order is room, then name: the first letters keep the three apart.
const TOURISTS = [
  { name: `Абдыкадырова Айжан ${stamp}`, birth: '1988-03-14', passport: `AC${stamp % 1e7}1` },
  { name: `Бакиева Гульнара ${stamp}`, birth: '1990-07-02', passport: `AC${stamp % 1e7}2` },
  { name: `Валиев Эрлан ${stamp}`, birth: '1985-11-23', passport: `AC${stamp % 1e7}3` },
] as const;
const NAMES = TOURISTS.map((tourist) => tourist.name);

/** "$1 800,00" as the screens write amounts (a no-break space between the thousands). */
const money = (symbol: string, text: string) => `${symbol}${text.replace(' ', '\u00a0')}`;
/** The number of an amount as written: "-$3 085,50" → -3085.5. */
const amountOf = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));

const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
  pageApi<T>(page, method, path, body);

/** Types a day into a date picker as a person does, and closes its panel. */
async function fillDate(field: Locator, day: number): Promise<void> {
  await field.click();
  await field.fill(ruDay(day));
  await field.press('Enter');
}

/** The texts of a table row's cells. */
const cellsOf = (row: Locator) => row.getByRole('cell').allInnerTexts();

/** Saves the new booking in the drawer; resolves with its id once the drawer shows it. */
async function saveNewBooking(drawer: Locator): Promise<number> {
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/admin/bookings'),
  );
  await drawer.getByRole('button', { name: 'Добавить бронирование' }).click();
  const response = await saved;
  if (response.status() !== 200) {
    throw new Error(`the booking was not saved: ${response.status()} ${await response.text()}`);
  }
  const { id } = ((await response.json()) as { data: { id: number } }).data;
  // The drawer opens the saved booking in its place.
  await page.waitForURL(new RegExp(`[?&]edit=${id}\\b`));
  await page.getByRole('dialog', { name: `Бронирование №${id}` }).waitFor();
  return id;
}

interface Flight {
  number: string;
  from: string;
  to: string;
  day: number;
  departs: string;
  arrives: string;
  pnr: string;
  /** Ticket number and cost of each tourist, in the trip's order. */
  tickets: readonly (readonly [string, string])[];
  /** The total the drawer shows before saving, as written there. */
  total: string;
}

/**
 * Books a flight of the trip from the air tickets' month view, as a link presetting the trip
 * opens it: the airline's supplier, the route and times, every tourist's ticket and cost.
 */
async function bookFlight(tripId: number, flight: Flight): Promise<number> {
  await page.goto(`${BASE_URL}/admin/booking/${MONTH}/air-tickets?new=1&trip_id=${tripId}`);
  const drawer = page.getByRole('dialog', { name: 'Новые авиабилеты' });
  await drawer.getByRole('checkbox', { name: NAMES[0] }).waitFor();
  await searchAndPick(page, drawer.getByRole('combobox', { name: 'Поставщик' }), AIR_SUPPLIER);
  await drawer.getByTitle('USD — Доллар США', { exact: true }).waitFor();
  await fillDate(drawer.getByLabel('Дата вылета', { exact: true }), flight.day);
  await drawer.getByLabel('Время вылета', { exact: true }).fill(flight.departs);
  await fillDate(drawer.getByLabel('Дата прилёта', { exact: true }), flight.day);
  await drawer.getByLabel('Время прилёта', { exact: true }).fill(flight.arrives);
  await drawer.getByLabel('Авиакомпания', { exact: true }).fill('Turkish Airlines');
  await drawer.getByLabel('Рейс', { exact: true }).fill(flight.number);
  await drawer.getByLabel('Откуда', { exact: true }).fill(flight.from.toLowerCase());
  await expect(drawer.getByLabel('Откуда', { exact: true }).inputValue()).resolves.toBe(
    flight.from,
  );
  await drawer.getByLabel('Куда', { exact: true }).fill(flight.to);
  await chooseOption(page, drawer.getByRole('combobox', { name: 'Класс' }), 'Эконом');
  await drawer.getByLabel('PNR', { exact: true }).fill(flight.pnr);
  await drawer.getByRole('button', { name: 'Отметить всех' }).click();
  for (const [index, [ticket, cost]] of flight.tickets.entries()) {
    await drawer.getByLabel(`Номер билета: ${NAMES[index]}`).fill(ticket);
    await drawer.getByLabel(`Стоимость билета: ${NAMES[index]}`).fill(cost);
  }
  // The cost the server will compute, shown as the tickets are typed.
  const computed = drawer.getByTestId('computed-cost');
  await computed
    .filter({ hasText: `${flight.total} (билетов: ${flight.tickets.length})` })
    .waitFor({ timeout: 5000 })
    .catch(async (error: unknown) => {
      throw new Error(`the computed cost shows «${await computed.innerText()}» (${String(error)})`);
    });
  return saveNewBooking(drawer);
}

/** Each tourist's flight problems on the trip's readiness (what the summary lists). */
async function flightProblems(tripId: number): Promise<string[][]> {
  const summary = await api<{ readiness: { full_name: string; problems: string[] }[] }>(
    'GET',
    `/admin/trip/${tripId}/summary`,
  );
  return NAMES.map(
    (name) =>
      summary.readiness
        .find((row) => row.full_name === name)
        ?.problems.filter((problem) => problem.includes('flight')) ?? [],
  );
}

/** The month list's row of a booking, by its title. */
const listRow = (title: string) =>
  page.getByRole('table', { name: 'Бронирования', exact: true }).getByRole('row').filter({
    hasText: title,
  });

/** The dashboard's counts of a kind: requested, confirmed, cancelled, total. */
async function countsOf(kind: string): Promise<number[]> {
  const row = page
    .getByRole('table', { name: 'Бронирования месяца по видам' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: kind, exact: true }) });
  await row.waitFor();
  return (await cellsOf(row)).slice(1).map(Number);
}

async function dashboardCounts(): Promise<Record<string, number[]>> {
  await page.goto(`${BASE_URL}/admin/booking/${MONTH}`);
  return {
    hotel: await countsOf('Отели'),
    air: await countsOf('Авиабилеты'),
    insurance: await countsOf('Мед. страховка'),
  };
}

/** A card of the trip summary, by its title. */
const card = (title: string) =>
  page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title').getByText(title, { exact: true }) });

/** The value of an item of a card's descriptions, by its label. */
const described = (within: Locator, label: string) =>
  within
    .locator('.ant-descriptions-item')
    .filter({ has: page.locator('.ant-descriptions-item-label').getByText(label, { exact: true }) })
    .locator('.ant-descriptions-item-content')
    .innerText();

// Three bookings through their drawers and every view checked after each: the longest flow of the
// suite (about 45 s alone), past the project's 60 s on two loaded cores.
it('books a trip’s hotel, flights and insurance and every view follows', async () => {
  await signIn(page, 'reservations@example.com');
  await page.waitForURL(/\/admin\//);

  // The trip abroad, its three tourists with their documents, and a supplier per kind.
  const trip = await api<{ id: number }>('POST', '/admin/trips', {
    title: TRIP_TITLE,
    country: 'Турция',
    starts_on: isoDay(10),
    ends_on: isoDay(17),
    price: 1500,
    currency: 'usd',
    seats: 10,
  });
  const participants: { userId: number; participantId: number }[] = [];
  for (const tourist of TOURISTS) {
    const user = await api<{ id: number }>('POST', '/admin/users', {
      full_name: tourist.name,
      birth_date: tourist.birth,
      citizenship: 'Кыргызстан',
      passport_number: tourist.passport,
      passport_issued_at: '2020-01-15',
      passport_expires_at: '2035-01-14',
    });
    const participant = await api<{ id: number }>('POST', `/admin/trip/${trip.id}/participants`, {
      user_id: user.id,
    });
    participants.push({ userId: user.id, participantId: participant.id });
  }
  for (const [name, kind, currency] of [
    [HOTEL_SUPPLIER, 'hotel', 'usd'],
    [AIR_SUPPLIER, 'air_ticket', 'usd'],
    [INSURER, 'health_insurance', 'eur'],
  ] as const) {
    await api('POST', '/admin/suppliers', {
      name,
      kinds: [kind],
      default_currency: currency,
      ...(kind === 'hotel' ? { city: 'Анталья', address: HOTEL_ADDRESS } : {}),
    });
  }

  // The summary before: no bookings, no costs, and everyone lacks a flight, a policy, a hotel.
  await page.goto(`${BASE_URL}/admin/trip/${trip.id}/summary`);
  await card('Бронирования').getByText('Бронирований пока нет').waitFor();
  const costs = card('Расходы и прибыль');
  await expect(described(costs, 'Расходы')).resolves.toBe('$0,00');
  await expect(described(costs, 'Прибыль')).resolves.toBe('$0,00');
  for (const { userId } of participants) {
    const readiness = card('Готовность').getByTestId(`readiness-${userId}`);
    await expect(readiness.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      'Нет авиабилета',
      'Нет страховки',
      'Ночи без отеля: 7',
    ]);
  }

  // The dashboard before: the counts, and the trip among those with missing bookings.
  const before = await dashboardCounts();
  const gaps = page.getByRole('group', { name: TRIP_TITLE });
  for (const name of NAMES) {
    await expect(
      gaps.getByRole('listitem').filter({ hasText: name }).locator('.ant-tag').allInnerTexts(),
    ).resolves.toEqual(['Нет авиабилета', 'Нет страховки', 'Ночи без отеля: 7 ночей']);
  }

  // 1. The hotel, from «Добавить» in the month view, chosen by its supplier: its name, city and
  // currency come from the supplier's card. Two share a DBL, the third has a SGL.
  await page.goto(`${BASE_URL}/admin/booking/${MONTH}/hotels`);
  await page.getByRole('heading', { name: 'Отели' }).waitFor();
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  const hotelDrawer = page.getByRole('dialog', { name: 'Новое бронирование отеля' });
  await searchAndPick(page, hotelDrawer.getByRole('combobox', { name: 'Тур' }), TRIP_TITLE);
  await searchAndPick(
    page,
    hotelDrawer.getByRole('combobox', { name: 'Поставщик' }),
    HOTEL_SUPPLIER,
  );
  await hotelDrawer.getByTitle('USD — Доллар США', { exact: true }).waitFor();
  await expect(hotelDrawer.getByLabel('Отель', { exact: true }).inputValue()).resolves.toBe(HOTEL);
  await expect(hotelDrawer.getByLabel('Город', { exact: true }).inputValue()).resolves.toBe(
    'Анталья',
  );
  await fillDate(hotelDrawer.getByLabel('Заезд', { exact: true }), 10);
  await fillDate(hotelDrawer.getByLabel('Выезд', { exact: true }), 17);
  await hotelDrawer.getByText('7 ночей', { exact: true }).waitFor();
  await hotelDrawer.getByLabel('Категория', { exact: true }).fill('5*');
  await chooseOption(page, hotelDrawer.getByRole('combobox', { name: 'Питание' }), 'BB — завтраки');
  await chooseOption(page, hotelDrawer.getByRole('combobox', { name: 'Статус' }), 'Подтверждено');
  await hotelDrawer.getByLabel('Стоимость', { exact: true }).fill('1800');
  await hotelDrawer.getByLabel('Номер подтверждения', { exact: true }).fill(`HTL-${stamp}`);
  await hotelDrawer.getByRole('button', { name: 'Отметить всех' }).click();
  const rooms = hotelDrawer.getByRole('region', { name: 'План размещения' });
  await rooms.getByText(`Не размещены (3 человека): ${NAMES.join(', ')}`).waitFor();
  // The new hotel's DBL: the first two.
  for (const name of NAMES.slice(0, 2)) {
    await chooseOption(page, rooms.getByRole('combobox', { name: 'Кто живёт в номере 1' }), name);
  }
  await page.keyboard.press('Escape');
  // A single for the third, placed by «Разместить по порядку».
  await chooseOption(
    page,
    rooms.getByRole('combobox', { name: 'Тип нового номера' }),
    'SGL — одноместный',
  );
  await rooms.getByRole('button', { name: 'Добавить номер' }).click();
  await rooms.getByRole('button', { name: 'Разместить по порядку' }).click();
  const room1 = rooms.getByRole('group', { name: 'Номер 1' });
  const room2 = rooms.getByRole('group', { name: 'Номер 2' });
  await room1.getByText('2 из 2').waitFor();
  await room2.getByText('1 из 1').waitFor();
  await expect(room2.innerText()).resolves.toContain(NAMES[2]);
  await rooms.getByText('Все участники размещены').waitFor();
  await motionSettled(page); // the room's list has closed
  await screenshot(page, 'booking-hotel-rooming');
  const hotelId = await saveNewBooking(hotelDrawer);

  const hotelRow = listRow(HOTEL);
  await hotelRow.waitFor();
  const hotelCells = await cellsOf(hotelRow);
  expect(hotelCells[0]).toContain(`${HOTEL}, Анталья`);
  expect(hotelCells[0]).toContain('5* · SGL × 1, DBL × 1 · BB — завтраки');
  expect(hotelCells.slice(1)).toEqual([
    TRIP_TITLE,
    HOTEL_SUPPLIER,
    `${ruDay(10)} – ${ruDay(17)}, 7 ночей`,
    '3',
    'Подтверждено',
    money('$', '1 800,00'),
    // Paid, and the payment's state under it.
    '$0,00\nНе оплачено',
    '—',
  ]);
  // The month's hotels are this one only: the totals are its own.
  const usdTotal = page
    .getByRole('table', { name: 'Итоги по валютам' })
    .getByRole('row')
    .filter({ hasText: 'Доллар США (USD)' });
  await usdTotal.waitFor();
  await expect(cellsOf(usdTotal)).resolves.toEqual([
    'Доллар США (USD)',
    '1',
    money('$', '1 800,00'),
    '$0,00',
    money('$', '1 800,00'),
  ]);

  // 2. The flights there and back, each from a link that presets the trip: a ticket and its cost
  // per passenger. The flight out alone leaves everyone without the way home.
  await bookFlight(trip.id, {
    number: 'TK 347',
    from: 'FRU',
    to: 'AYT',
    day: 10,
    departs: '08:15',
    arrives: '14:40',
    pnr: 'X7K2LM',
    tickets: [
      ['235-2100000001', '420'],
      ['235-2100000002', '420'],
      ['235-2100000003', '395,50'],
    ],
    total: money('$', '1 235,50'),
  });
  const flightRow = listRow(FLIGHT_TITLE);
  await flightRow.waitFor();
  const flightCells = await cellsOf(flightRow);
  expect(flightCells.slice(3, 8)).toEqual([
    `${ruDay(10)} 08:15 → ${ruDay(10)} 14:40`,
    '3',
    'Запрошено',
    money('$', '1 235,50'),
    '$0,00\nНе оплачено',
  ]);
  await expect(flightProblems(trip.id)).resolves.toEqual(
    NAMES.map(() => ['return_flight_missing']),
  );
  await bookFlight(trip.id, {
    number: 'TK 348',
    from: 'AYT',
    to: 'FRU',
    day: 17,
    departs: '16:05',
    arrives: '23:30',
    pnr: 'X7K2LN',
    tickets: [
      ['235-2100000004', '380'],
      ['235-2100000005', '380'],
      ['235-2100000006', '380'],
    ],
    total: money('$', '1 140,00'),
  });
  await listRow(RETURN_TITLE).waitFor();
  await expect(flightProblems(trip.id)).resolves.toEqual(NAMES.map(() => []));

  // 3. The health insurance in euros, with the policy numbers.
  await page.goto(`${BASE_URL}/admin/booking/${MONTH}/health-insurance?new=1&trip_id=${trip.id}`);
  const policyDrawer = page.getByRole('dialog', { name: 'Новая мед. страховка' });
  await policyDrawer.getByRole('checkbox', { name: NAMES[0] }).waitFor();
  await searchAndPick(page, policyDrawer.getByRole('combobox', { name: 'Поставщик' }), INSURER);
  await policyDrawer.getByTitle('EUR — Евро', { exact: true }).waitFor();
  await fillDate(policyDrawer.getByLabel('Начало страховки', { exact: true }), 10);
  await fillDate(policyDrawer.getByLabel('Окончание страховки', { exact: true }), 17);
  await policyDrawer.getByText('8 дней', { exact: true }).waitFor();
  await policyDrawer.getByLabel('Программа', { exact: true }).fill(`Стандарт ${stamp}`);
  await policyDrawer.getByLabel('Территория', { exact: true }).fill('Турция');
  await chooseOption(
    page,
    policyDrawer.getByRole('combobox', { name: 'Валюта суммы' }),
    'EUR — Евро',
  );
  await policyDrawer.getByLabel('Страховая сумма', { exact: true }).fill('30000');
  await chooseOption(page, policyDrawer.getByRole('combobox', { name: 'Статус' }), 'Подтверждено');
  await policyDrawer.getByLabel('Стоимость', { exact: true }).fill('45');
  await policyDrawer.getByRole('button', { name: 'Отметить всех' }).click();
  for (const [index, name] of NAMES.entries()) {
    await policyDrawer.getByLabel(`Номер полиса: ${name}`).fill(`POL-${stamp}-${index + 1}`);
  }
  const policyId = await saveNewBooking(policyDrawer);
  const policyRow = listRow(POLICY_TITLE);
  await policyRow.waitFor();
  const policyCells = await cellsOf(policyRow);
  expect(policyCells[0]).toContain(`покрытие ${money('€', '30 000,00')}`);
  expect(policyCells.slice(3, 8)).toEqual([
    `${ruDay(10)} – ${ruDay(17)}, 8 дней`,
    '3',
    'Подтверждено',
    '€45,00',
    '€0,00\nНе оплачено',
  ]);
  const policies = await api<{ participants: { policy_number: string | null }[] }>(
    'GET',
    `/admin/booking/${policyId}`,
  );
  expect(policies.participants.map((p) => p.policy_number)).toEqual(
    NAMES.map((_name, index) => `POL-${stamp}-${index + 1}`),
  );

  // 4. The dashboard after: one more of each kind in its status, and nothing missing any more.
  const after = await dashboardCounts();
  const plus = ([requested, confirmed, cancelled, total]: number[], status: 0 | 1) =>
    status === 0
      ? [requested! + 1, confirmed, cancelled, total! + 1]
      : [requested, confirmed! + 1, cancelled, total! + 1];
  expect(after).toEqual({
    hotel: plus(before.hotel!, 1),
    air: plus(plus(before.air!, 0) as number[], 0),
    insurance: plus(before.insurance!, 1),
  });
  await page
    .getByRole('table', { name: 'Не подтверждены' })
    .getByRole('row')
    .filter({ hasText: FLIGHT_TITLE })
    .waitFor();
  await expect(gaps.count()).resolves.toBe(0);
  // The chart loads on its own: the screenshot waits for its bars.
  await card('По видам и статусам').locator('.recharts-bar-rectangle').first().waitFor();
  // recharts grows its bars frame by frame: done once they stay the same between two polls.
  await page.waitForFunction(
    () => {
      const bars = [...document.querySelectorAll('.recharts-bar-rectangle path')]
        .map((path) => path.getAttribute('d'))
        .join('|');
      const seen = window as unknown as { e2eBars?: string };
      const still = bars !== '' && seen.e2eBars === bars;
      seen.e2eBars = bars;
      return still;
    },
    undefined,
    { polling: 100 },
  );
  await screenshot(page, 'booking-dashboard');

  // 5. The summary after: the three bookings, the costs in dollars, everyone ready.
  await page.goto(`${BASE_URL}/admin/trip/${trip.id}/summary`);
  const bookings = card('Бронирования');
  const section = (kind: string) => bookings.getByRole('region', { name: kind });
  await section('Отели')
    .getByRole('link', { name: `${HOTEL}, Анталья` })
    .waitFor();
  await section('Авиабилеты').getByRole('link', { name: FLIGHT_TITLE }).waitFor();
  await section('Авиабилеты').getByRole('link', { name: RETURN_TITLE }).waitFor();
  const policyLine = section('Мед. страховка').getByRole('row').filter({ hasText: POLICY_TITLE });
  await policyLine.waitFor();
  const hotelLine = await cellsOf(section('Отели').getByRole('row').filter({ hasText: HOTEL }));
  // Service (with the supplier under it), dates, status, cost, converted.
  expect(hotelLine.slice(2, 5)).toEqual([
    'Подтверждено',
    money('$', '1 800,00'),
    money('$', '1 800,00'),
  ]);
  const flightLine = await cellsOf(
    section('Авиабилеты').getByRole('row').filter({ hasText: FLIGHT_TITLE }),
  );
  expect(flightLine.slice(2, 5)).toEqual([
    'Запрошено',
    money('$', '1 235,50'),
    money('$', '1 235,50'),
  ]);
  // The policy in euros is converted at the rate of its first day, said beside it as a bank
  // prints it (the demo euro is dearer than the dollar: «1 € = 1,08… $»).
  const [, , policyStatus, policyCost, policyConverted] = await cellsOf(policyLine);
  expect([policyStatus, policyCost]).toEqual(['Подтверждено', '€45,00']);
  expect(policyConverted).toMatch(
    /^\$\d+,\d\d\nпо курсу 1\u00a0€ = \d,\d{2,5}\u00a0\$ на \d\d\.\d\d\.\d{4}$/,
  );
  const converted = amountOf(policyConverted!.split('\n')[0]!);
  expect(converted).toBeGreaterThan(0);
  const total = Math.round((1800 + 1235.5 + 1140 + converted) * 100) / 100;
  await expect(described(costs, 'Расходы').then(amountOf)).resolves.toBe(total);
  // Nothing is paid by the participants yet: the profit is minus the costs.
  await expect(described(costs, 'Оплачено участниками')).resolves.toBe('$0,00');
  await expect(described(costs, 'Прибыль').then(amountOf)).resolves.toBe(-total);
  await card('Готовность')
    .getByText('Документы и бронирования всех участников в порядке')
    .waitFor();
  await screenshot(page, 'booking-trip-summary');

  // 6. The rooming list («Список размещения») from the hotel's drawer, opened by a click on its
  // row: the rooms of the plan with their types and guests.
  await page.goto(`${BASE_URL}/admin/booking/${MONTH}/hotels`);
  await listRow(HOTEL).getByRole('cell', { name: HOTEL_SUPPLIER, exact: true }).click();
  const hotelView = page.getByRole('dialog', { name: `Бронирование №${hotelId}` });
  await hotelView.getByRole('group', { name: 'Номер 2' }).getByText(TOURISTS[2].name).waitFor();
  const documents = hotelView.getByRole('group', { name: 'Документы' });
  const downloading = page.waitForEvent('download');
  await documents.getByRole('button', { name: 'Список размещения (XLSX)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Список размещения .+\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  const file = fs.readFileSync((await download.path())!);
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const field = (label: string) => rows.find((row) => row[0] === label)?.[1];
  expect(rows[0]).toEqual([`Список размещения: ${HOTEL}`]);
  expect(field('Отель')).toBe(HOTEL);
  expect(field('Город')).toBe('Анталья');
  expect(field('Адрес')).toBe(HOTEL_ADDRESS);
  expect(field('Номера')).toBe('SGL × 1, DBL × 1');
  expect(field('Номеров')).toBe(2);
  expect(field('Ночей')).toBe(7);
  expect(field('Гостей')).toBe(3);
  expect(field('Номер подтверждения')).toBe(`HTL-${stamp}`);
  const header = rows.findIndex((row) => row[0] === 'Номер' && row[2] === 'ФИО');
  expect(rows[header]).toEqual([
    'Номер',
    'Тип номера',
    'ФИО',
    'Дата рождения',
    'Номер паспорта',
    'Гражданство',
  ]);
  const guests = rows
    .slice(header + 1)
    .map(([room, type, name, birth, passport, citizenship]) => [
      room,
      type,
      name,
      birth instanceof Date ? birth.toISOString().slice(0, 10) : birth,
      passport,
      citizenship,
    ]);
  expect(guests).toEqual([
    [1, 'DBL', TOURISTS[0].name, '1988-03-14', TOURISTS[0].passport, 'Кыргызстан'],
    [1, 'DBL', TOURISTS[1].name, '1990-07-02', TOURISTS[1].passport, 'Кыргызстан'],
    [2, 'SGL', TOURISTS[2].name, '1985-11-23', TOURISTS[2].passport, 'Кыргызстан'],
  ]);
}, 180_000);
