import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import {
  BASE_URL,
  chooseOption,
  freshPagePerTest,
  searchAndPick,
  motionSettled,
  pageApi,
  screenshot,
  signIn,
  until,
} from '../support/browser';

// Pricing before selling (issue 33), as the sales manager does it in the composed product: a
// request for two; its «Калькуляция» made from the suppliers' price lists (a hotel's double and
// single rooms for three nights, a guide's three days), 20 % markup; a version saved; the
// «Коммерческое предложение» made from it at the request's two people in double rooms, downloaded
// as DOCX and sent; the request converted into a trip at the quoted price (the trip's own price is
// $500); the trip, which had no costing, follows the quote's; its hotel booked from the costing's
// line (at $300 where the plan said $270); the tour summary sets the plan against the bookings.
//
// By hand, for 2 people: double: hotel 3 × $90 / 2 = $135, guide 3 × $60 / 2 = $90, cost $225,
// × 1,2 = $270; single: 3 × $70 + $90 = $300, × 1,2 = $360. The trip's plan for its 2
// participants in double rooms: hotel 3 × $90 = $270, guide $180; revenue 2 × $270 = $540.

const stamp = String(Date.now()).slice(-7);
const hotelName = `Отель «Нарын Палас» ${stamp}`;
const guideName = `Гиды Нарына ${stamp}`;
const contact = `Садыкова Айжан ${stamp}`;
const companion = `Садыков Марат ${stamp}`;
const SEASON = { valid_from: '2027-01-01', valid_to: '2027-12-31' };

let page: Page;
freshPagePerTest(
  (newPage) => {
    page = newPage;
  },
  { acceptDownloads: true, viewport: { width: 1400, height: 900 } },
);

function docxText(path: string): string {
  const parts = unzipSync(new Uint8Array(fs.readFileSync(path)));
  return strFromU8(parts['word/document.xml']!)
    .replace(/<w:tab\/>/g, ' ')
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '');
}

it('prices a request from price lists, quotes it, converts at the quoted price and books from the costing', async () => {
  await signIn(page, 'sales@example.com');
  await page.waitForURL(/\/admin\/users$/);

  // The suppliers' price lists, a trip at $500 and a request for two (what exists before).
  const hotel = await pageApi<{ id: number }>(page, 'POST', '/admin/suppliers', {
    name: hotelName,
    kinds: ['hotel'],
  });
  for (const [variant, price] of [
    ['SGL', 70],
    ['DBL', 90],
  ] as const) {
    await pageApi(page, 'POST', `/admin/supplier/${hotel.id}/prices`, {
      kind: 'hotel',
      service: 'Стандарт',
      variant,
      meal_plan: 'BB',
      unit: 'room_night',
      currency: 'usd',
      price,
      ...SEASON,
    });
  }
  const guides = await pageApi<{ id: number }>(page, 'POST', '/admin/suppliers', {
    name: guideName,
    kinds: ['guide'],
  });
  await pageApi(page, 'POST', `/admin/supplier/${guides.id}/prices`, {
    kind: 'guide',
    service: 'Гид, русский язык',
    unit: 'day',
    currency: 'usd',
    price: 60,
    ...SEASON,
  });
  const trip = await pageApi<{ id: number }>(page, 'POST', '/admin/trips', {
    title: `Нарын и Таш-Рабат ${stamp}`,
    country: 'Кыргызстан',
    starts_on: '2027-07-05',
    ends_on: '2027-07-08',
    price: 500,
    currency: 'usd',
    seats: 10,
    flights: 'none',
  });
  await pageApi(page, 'POST', '/admin/tickets', {
    source: 'phone',
    contact_name: contact,
    phone: null,
    email: `aizhan${stamp}@example.com`,
    prepared_tour_id: null,
    trip_id: trip.id,
    date_from: '2027-07-05',
    date_to: '2027-07-08',
    adults: 2,
    children: 0,
    comment: 'Без ранних подъёмов',
  });

  // 1. The request's costing, from the price lists.
  await page.goto(`${BASE_URL}/admin/tickets`);
  await page.getByRole('heading', { name: 'Заявки' }).waitFor();
  await page.getByText(contact, { exact: true }).first().click();
  const drawer = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('tab', { name: 'История' }) });
  await drawer.getByRole('tab', { name: 'Калькуляция' }).click();
  await drawer.getByRole('button', { name: 'Добавить услугу' }).click();
  let line = page.getByRole('dialog', { name: 'Добавить услугу' });
  await line.waitFor();
  await motionSettled(page);
  await line.getByText('Отель', { exact: true }).click();
  await searchAndPick(page, line.getByRole('combobox', { name: 'Поставщик' }), hotelName);
  await chooseOption(page, line.getByRole('combobox', { name: 'Категория номера' }), 'Стандарт');
  await chooseOption(page, line.getByRole('combobox', { name: 'Питание' }), /^BB/);
  await line.getByLabel('Ночей').fill('3');
  await line.getByRole('button', { name: 'Добавить', exact: true }).click();
  await line.waitFor({ state: 'hidden' });

  await drawer.getByRole('button', { name: 'Добавить услугу' }).click();
  line = page.getByRole('dialog', { name: 'Добавить услугу' });
  await line.waitFor();
  await motionSettled(page);
  await line.getByText('Из прайс-листа', { exact: true }).click();
  await searchAndPick(page, line.getByRole('combobox', { name: 'Поставщик' }), guideName);
  await chooseOption(page, line.getByRole('combobox', { name: 'Цена' }), { first: true });
  await line.getByLabel('Количество').fill('3');
  await line.getByRole('button', { name: 'Добавить', exact: true }).click();
  await line.waitFor({ state: 'hidden' });

  await drawer.getByLabel('Наценка', { exact: true }).fill('20');
  const table = drawer.getByRole('region', { name: 'Таблица цен' });
  const forTwo = table.getByRole('row').filter({ has: page.getByRole('cell', { name: '2' }) });
  // The table follows the lines and the markup (recomputed 400 ms after a change).
  const priced = await until(
    () =>
      forTwo
        .first()
        .innerText()
        .then((text) => text.replace(/\s+/g, ' ')),
    (text) => text.includes('$360,00'),
  );
  expect(priced).toMatch(
    /^2 чел\. \$360,00 Себестоимость \$300,00 .* \$270,00 Себестоимость \$225,00/,
  );
  await screenshot(page, 'pricing-request-costing');
  await drawer.getByLabel('Название версии').fill('Нарын вдвоём');
  await drawer.getByRole('button', { name: 'Сохранить версию' }).click();
  await page.getByText('Сохранена версия 1').waitFor();

  // 2. The quote: the version's cell for the request's two people in double rooms.
  await drawer.getByRole('tab', { name: 'Заявка' }).click();
  await drawer.getByRole('button', { name: 'Составить предложение' }).click();
  const quote = page.getByRole('dialog', { name: 'Коммерческое предложение' });
  await quote.waitFor();
  await motionSettled(page);
  const version = quote.getByRole('combobox', { name: 'Версия калькуляции' });
  if (!(await quote.getByTitle('Версия 1 — Нарын вдвоём').isVisible())) {
    await chooseOption(page, version, 'Версия 1 — Нарын вдвоём');
  }
  await quote.getByRole('button', { name: 'Сохранить' }).click();
  await page.getByText(/Коммерческое предложение № \d+ сохранено/).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    quote.getByRole('button', { name: 'Скачать DOCX' }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^Коммерческое предложение № \\d+ — ${contact}\\.docx$`),
  );
  const paper = docxText(await download.path());
  expect(paper).toMatch(/КОММЕРЧЕСКОЕ ПРЕДЛОЖЕНИЕ № \d+/);
  expect(paper).toContain(contact);
  expect(paper).toContain('$270,00');
  expect(paper).toContain('$360,00');
  expect(paper).toContain(hotelName);
  // The programme without the lines' costs: the hotel's $90 a night is the company's business.
  expect(paper).not.toContain('$90,00');
  await quote.getByRole('button', { name: 'Отправить клиенту' }).click();
  await page.getByText(`Предложение поставлено в отправку на aizhan${stamp}@example.com`).waitFor();
  await screenshot(page, 'pricing-quote');
  await quote.getByRole('button', { name: 'Готово' }).click();
  await quote.waitFor({ state: 'hidden' });

  // 3. Converted into the trip at the quoted price.
  await drawer.getByRole('button', { name: 'Оформить в тур' }).click();
  const convert = page.getByRole('dialog', { name: 'Оформить в тур' });
  await convert.waitFor();
  await motionSettled(page);
  await convert.getByText(/Цена участника: \$270,00 \(по предложению № \d+\)/).waitFor();
  // The request is for two adults: the dialog has a row for the contact's companion already.
  await convert.getByLabel('Спутник 1: ФИО').fill(companion);
  await convert.getByRole('button', { name: 'Оформить', exact: true }).click();
  await convert.waitFor({ state: 'hidden', timeout: 15_000 }).catch(async (error: unknown) => {
    await screenshot(page, 'pricing-convert-refused');
    throw error;
  });
  const participants = await pageApi<{ full_name: string; price: number }[]>(
    page,
    'GET',
    `/admin/trip/${trip.id}/participants`,
  );
  expect(participants.map((one) => [one.full_name, one.price])).toEqual([
    [contact, 270],
    [companion, 270],
  ]);

  // 4. The hotel booked from the trip's costing line (the quote's), at $300 where the plan said $270.
  await page.goto(`${BASE_URL}/admin/trip/${trip.id}/summary`);
  await page.getByRole('button', { name: 'Добавить бронирование' }).click();
  await page.getByRole('menuitem', { name: 'Из калькуляции…' }).click();
  const lines = page.getByRole('dialog').filter({ hasText: 'По предложению №' });
  await lines.waitFor();
  await lines.getByRole('link', { name: new RegExp(`^${hotelName}`) }).click();
  const booking = page.getByRole('dialog').filter({ hasText: `Из калькуляции: ${hotelName}` });
  await booking.waitFor();
  await motionSettled(page);
  await expect(booking.getByLabel('Заезд').inputValue()).resolves.toBe('05.07.2027');
  await expect(booking.getByLabel('Выезд').inputValue()).resolves.toBe('08.07.2027');
  const cost = booking.getByLabel('Стоимость', { exact: true });
  await expect(cost.inputValue()).resolves.toBe('270');
  await booking.getByLabel('Город').fill('Нарын');
  await booking.getByRole('button', { name: 'Отметить всех' }).click();
  await cost.fill('300');
  await booking.getByRole('button', { name: 'Добавить бронирование' }).click();
  await booking.waitFor({ state: 'hidden', timeout: 45_000 });
  await screenshot(page, 'pricing-booking');

  // 5. The tour summary: planned against actual.
  // The sales manager has no reports: the director (the admin here) reads the summary.
  await page.context().clearCookies();
  await signIn(page, 'admin@example.com');
  await page.waitForURL(/\/admin\/users$/);
  await page.goto(`${BASE_URL}/admin/report/tour?trip_id=${trip.id}`);
  const plan = page.getByRole('table', { name: 'План и факт' });
  await plan.waitFor().catch(async (error: unknown) => {
    await screenshot(page, 'pricing-plan-missing');
    throw error;
  });
  const rows = await plan
    .locator('tbody tr.ant-table-row')
    .evaluateAll((all) =>
      all.map((row) =>
        [...row.querySelectorAll('td')].map((cell) =>
          (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      ),
    );
  expect(rows).toEqual(
    expect.arrayContaining([
      ['Отели', '$270,00', '$300,00', '$30,00'],
      ['Гид/Сопровождение', '$180,00', '$0,00', '-$180,00'],
    ]),
  );
  expect(rows.find((row) => row[0] === 'Выручка')?.[1]).toBe('$540,00');
  await screenshot(page, 'pricing-plan-vs-actual');
}, 180_000);
