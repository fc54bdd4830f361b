import type { Browser } from './http';

// The price lists of a 5-day tour in Georgia (costings.test.ts works its table out by hand, and
// quotes.test.ts quotes it): a hotel in USD over two seasons (SGL 60 / DBL 80 until 31.05.2027,
// then 75 / 100), a transfer in KGS by car capacity (3 seats 2 500, 7 seats 4 000, 18 seats
// 9 000), a guide in EUR at 90 a day, a fortress's ticket in KGS at 1 200 a person; and the
// costing's lines from them: the hotel 4 nights from 30.05.2027, the transfer twice, the guide
// 5 days, a ticket each.

const YEAR = { valid_from: '2027-01-01', valid_to: '2027-12-31' };

/** Makes the suppliers and their prices as `browser` (a sales manager); the lines and suppliers. */
export async function georgiaPriceLists(browser: Browser): Promise<{
  lines: Record<string, unknown>[];
  /** The lines' suppliers, in the lines' order. */
  suppliers: { id: number; name: string }[];
}> {
  const created = async (url: string, body: object): Promise<number> => {
    const response = await browser.post(url, body);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
    return (response.json() as { data: { id: number } }).data.id;
  };
  const supplier = async (name: string, kinds: string[]) => ({
    id: await created('/api/admin/suppliers', { name, kinds }),
    name,
  });
  const price = (supplierId: number, body: object) =>
    created(`/api/admin/supplier/${supplierId}/prices`, body);

  const hotel = await supplier('Отель «Тбилиси Центр»', ['hotel']);
  const room = (variant: string, amount: number, season: object) =>
    price(hotel.id, {
      kind: 'hotel',
      service: 'Стандарт',
      variant,
      meal_plan: 'BB',
      unit: 'room_night',
      currency: 'usd',
      price: amount,
      ...season,
    });
  const low = { valid_from: '2027-01-10', valid_to: '2027-05-31' };
  const high = { valid_from: '2027-06-01', valid_to: '2027-09-30' };
  await room('SGL', 60, low);
  await room('DBL', 80, low);
  await room('SGL', 75, high);
  await room('DBL', 100, high);

  const transfers = await supplier('Трансферы Грузии', ['transfer']);
  for (const [capacity, amount] of [
    [3, 2500],
    [7, 4000],
    [18, 9000],
  ]) {
    await price(transfers.id, {
      kind: 'transfer',
      service: 'Аэропорт — отель',
      capacity,
      unit: 'car',
      currency: 'kgs',
      price: amount,
      ...YEAR,
    });
  }
  const guides = await supplier('Гиды Тбилиси', ['guide']);
  const guide = await price(guides.id, {
    kind: 'guide',
    service: 'Гид, русский язык',
    unit: 'day',
    currency: 'eur',
    price: 90,
    ...YEAR,
  });
  const venues = await supplier('Музеи Грузии', ['activity']);
  const ticket = await price(venues.id, {
    kind: 'activity',
    service: 'Крепость Нарикала',
    variant: 'adult',
    unit: 'person',
    currency: 'kgs',
    price: 1200,
    ...YEAR,
  });
  return {
    lines: [
      {
        type: 'hotel',
        supplier_id: hotel.id,
        // Found whatever its case: the list says «Стандарт».
        service: 'стандарт',
        meal_plan: 'BB',
        check_in: '2027-05-30',
        nights: 4,
      },
      {
        type: 'transfer',
        supplier_id: transfers.id,
        service: 'Аэропорт — отель',
        date: '2027-05-30',
        quantity: 2,
      },
      { type: 'price', price_id: guide, date: '2027-05-30', quantity: 5 },
      { type: 'price', price_id: ticket, date: '2027-05-31' },
    ],
    suppliers: [hotel, transfers, guides, venues],
  };
}
