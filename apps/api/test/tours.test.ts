import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, signedIn } from './http';

// Prepared tours (DESIGN.md 3): every staff role reads and writes them; the key is a unique slug;
// the days follow the itinerary; agent price or commission, not both; a tour used by trips is
// archived, never deleted; every change is in the tour's history.

const database = useTestDatabase();
const db = (): Db => database().db;
let app: App;
let sales: Browser;
let salesId: number;

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: sales, id: salesId } = await signedIn(app, db(), ['sales_manager']));
});
afterAll(async () => {
  await app.close();
});

let counter = 0;
function tourBody(extra: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `Золотое кольцо Японии ${counter}`,
    key: `zolotoe-kolco-${counter}`,
    country: 'Япония',
    cities: ['Токио', ' Киото ', ''],
    days: 2,
    itinerary: [
      { title: 'Прилёт в Токио', description: 'Встреча в аэропорту Нарита' },
      { title: 'Киото', description: 'Синкансэн, храмы' },
    ],
    included: ['Проживание', 'Завтраки'],
    not_included: ['Авиаперелёт'],
    base_price: '1500.50',
    currency: 'usd',
    agent_commission: 10,
    published: true,
    ...extra,
  };
}

async function createTour(extra: Record<string, unknown> = {}) {
  const response = await sales.post('/api/admin/tours', tourBody(extra));
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: number; key: string };
}

describe('creating a prepared tour', () => {
  it('answers the saved tour with trimmed lists and exact money', async () => {
    const response = await sales.post('/api/admin/tours', tourBody({ key: 'tokio-kioto' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      key: 'tokio-kioto',
      country: 'Япония',
      cities: ['Токио', 'Киото'],
      days: 2,
      base_price: 1500.5,
      currency: 'usd',
      agent_price: null,
      agent_commission: 10,
      published: true,
      archived_at: null,
      trips_count: 0,
    });
  });

  it('refuses a key already taken, in Russian under the field', async () => {
    await createTour({ key: 'issyk-kul' });
    const response = await sales.post('/api/admin/tours', tourBody({ key: 'issyk-kul' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      key: ['Этот ключ уже занят другим заготовленным туром'],
    });
  });

  it.each(['Issyk-Kul', 'иссык-куль', 'issyk--kul', '-issyk', 'issyk kul'])(
    'refuses the key %j',
    async (key) => {
      const response = await sales.post('/api/admin/tours', tourBody({ key }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.key).toEqual([
        'Ключ: строчные латинские буквы, цифры и дефисы между словами, например zolotoe-kolco',
      ]);
    },
  );

  it('refuses days that differ from the itinerary', async () => {
    const response = await sales.post('/api/admin/tours', tourBody({ days: 5 }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      days: ['Число дней должно совпадать с программой: 2'],
    });
  });

  it('takes any number of days without an itinerary', async () => {
    const response = await sales.post('/api/admin/tours', tourBody({ days: 9, itinerary: [] }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.days).toBe(9);
  });

  it('refuses an agent price and a commission together', async () => {
    const response = await sales.post('/api/admin/tours', tourBody({ agent_price: 1200 }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      agent_price: ['Укажите либо цену для агентов, либо комиссию, не обе'],
      agent_commission: ['Укажите либо цену для агентов, либо комиссию, не обе'],
    });
  });

  it.each<[string, unknown, string]>([
    [
      'a som price with kopecks',
      { currency: 'kgs', base_price: '100.5' },
      'Сумма в KGS должна быть целой',
    ],
    ['a negative price', { base_price: -1 }, 'Не меньше нуля'],
    [
      'a price above the bound',
      { base_price: 10_000_001 },
      'Сумма не может быть больше $10\u00a0000\u00a0000,00',
    ],
    ['words for a price', { base_price: 'тысяча' }, 'Сумма должна быть числом, например 1500.50'],
  ])('refuses %s', async (_name, extra, message) => {
    const response = await sales.post(
      '/api/admin/tours',
      tourBody(extra as Record<string, unknown>),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ base_price: [message] });
  });

  it('refuses a blank day title and names the day', async () => {
    const response = await sales.post(
      '/api/admin/tours',
      tourBody({
        itinerary: [
          { title: 'Токио', description: '' },
          { title: '   ', description: '' },
        ],
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'itinerary.1.title': ['Укажите название дня'] });
  });

  it('takes a free tour (price 0)', async () => {
    const response = await sales.post('/api/admin/tours', tourBody({ base_price: 0 }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.base_price).toBe(0);
  });
});

describe('the list', () => {
  it('searches title, key, country and city, and filters by country and publication', async () => {
    const marker = `Маркер${process.pid}`;
    const kg = await createTour({
      title: `${marker} Каракол`,
      country: 'Кыргызстан',
      cities: ['Каракол'],
      published: false,
    });
    const jp = await createTour({ title: `${marker} Осака`, country: 'Япония', cities: ['Осака'] });
    const list = async (query: string) => {
      const response = await sales.get(
        `/api/admin/tours?search=${encodeURIComponent(marker)}&${query}`,
      );
      expect(response.statusCode).toBe(200);
      return (response.json().data.data as { id: number }[]).map((tour) => tour.id);
    };
    expect(await list('')).toEqual([jp.id, kg.id]);
    expect(await list(`country=${encodeURIComponent('Кыргызстан')}`)).toEqual([kg.id]);
    expect(await list('published=1')).toEqual([jp.id]);
    expect(await list('published=0')).toEqual([kg.id]);
    const byCity = await sales.get(`/api/admin/tours?search=${encodeURIComponent('каракол')}`);
    expect((byCity.json().data.data as { id: number }[]).map((tour) => tour.id)).toContain(kg.id);
  });

  it('lists the countries for the filter, each once', async () => {
    await createTour({ country: 'Грузия' });
    await createTour({ country: 'Грузия' });
    const response = await sales.get('/api/admin/tours/countries');
    const countries = response.json().data as string[];
    expect(countries.filter((country) => country === 'Грузия')).toHaveLength(1);
  });
});

describe('changing, archiving and deleting', () => {
  it('saves a change and writes each changed field, old and new, in the history', async () => {
    const tour = await createTour();
    const response = await sales.put(
      `/api/admin/tour/${tour.id}`,
      tourBody({ key: tour.key, base_price: 1700, published: false }),
    );
    expect(response.statusCode).toBe(200);
    const history = await sales.get(`/api/admin/tour/${tour.id}/history`);
    expect(history.statusCode).toBe(200);
    const entries = history.json().data.data as {
      action: string;
      user_id: number;
      changes: { field: string; old: unknown; new: unknown }[];
    }[];
    expect(entries.map((entry) => entry.action)).toEqual(['updated', 'created']);
    expect(entries[0]!.user_id).toBe(salesId);
    const changed = Object.fromEntries(entries[0]!.changes.map((c) => [c.field, [c.old, c.new]]));
    expect(changed.base_price).toEqual([1500.5, 1700]);
    expect(changed.published).toEqual([true, false]);
    expect(changed.title).toBeDefined();
    expect(changed.key).toBeUndefined();
  });

  it('writes no history row for a save that changes nothing', async () => {
    const tour = await createTour();
    const body = tourBody({ key: tour.key });
    await sales.put(`/api/admin/tour/${tour.id}`, body);
    await sales.put(`/api/admin/tour/${tour.id}`, body);
    const history = await sales.get(`/api/admin/tour/${tour.id}/history`);
    expect((history.json().data.data as unknown[]).length).toBe(2);
  });

  it('deletes a tour no trip was made from', async () => {
    const tour = await createTour();
    expect((await sales.delete(`/api/admin/tour/${tour.id}`)).statusCode).toBe(200);
    expect((await sales.get(`/api/admin/tour/${tour.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a tour a trip was made from, and archives it instead', async () => {
    const tour = await createTour();
    await db()
      .insertInto('trips')
      .values({
        title: 'Из тура',
        prepared_tour_id: tour.id,
        starts_on: '2027-05-01',
        ends_on: '2027-05-02',
        status: 'planned',
        price: 100,
        currency: 'usd',
        seats: 10,
        itinerary: '[]',
      })
      .execute();
    const refused = await sales.delete(`/api/admin/tour/${tour.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Из этого тура уже сделаны туры: его можно только отправить в архив',
    );
    const archived = await sales.post(`/api/admin/tour/${tour.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data.archived_at).not.toBeNull();
    const active = await sales.get('/api/admin/tours?per_page=100');
    expect((active.json().data.data as { id: number }[]).map((t) => t.id)).not.toContain(tour.id);
    const inArchive = await sales.get('/api/admin/tours?archived=1&per_page=100');
    expect((inArchive.json().data.data as { id: number }[]).map((t) => t.id)).toContain(tour.id);
    const restored = await sales.post(`/api/admin/tour/${tour.id}/restore`);
    expect(restored.json().data.archived_at).toBeNull();
  });

  it('answers 404 for a tour that does not exist, on every call', async () => {
    expect((await sales.get('/api/admin/tour/999999')).statusCode).toBe(404);
    expect((await sales.put('/api/admin/tour/999999', tourBody())).statusCode).toBe(404);
    expect((await sales.delete('/api/admin/tour/999999')).statusCode).toBe(404);
    expect((await sales.get('/api/admin/tour/999999/history')).statusCode).toBe(404);
  });
});

describe('the memo for tourists («Памятка туристу»)', () => {
  const memoOf = async (id: number) =>
    ((await sales.get(`/api/admin/tour/${id}`)).json().data as { memo: string | null }).memo;

  it('keeps the text as typed, trailing spaces and blank edges dropped; blank is none', async () => {
    const tour = await createTour({
      memo: '\r\n  Документы: загранпаспорт.  \r\n\r\nДеньги: иены.\n\n',
    });
    expect(await memoOf(tour.id)).toBe('Документы: загранпаспорт.\n\nДеньги: иены.');
    const blank = await createTour({ memo: '  \n ' });
    expect(await memoOf(blank.id)).toBeNull();
    const without = await createTour();
    expect(await memoOf(without.id)).toBeNull();
  });

  it('stays when a save does not send it, goes with null, and each change is in the history', async () => {
    const tour = await createTour({ memo: 'Экстренный телефон: 112.' });
    const put = (extra: Record<string, unknown>) =>
      sales.put(`/api/admin/tour/${tour.id}`, tourBody({ key: tour.key, ...extra }));
    expect((await put({})).statusCode).toBe(200);
    expect(await memoOf(tour.id)).toBe('Экстренный телефон: 112.');
    expect((await put({ memo: null })).statusCode).toBe(200);
    expect(await memoOf(tour.id)).toBeNull();
    const history = (await sales.get(`/api/admin/tour/${tour.id}/history`)).json().data.data as {
      changes: { field: string; old: unknown; new: unknown }[];
    }[];
    expect(history[0]!.changes.filter((change) => change.field === 'memo')).toEqual([
      { field: 'memo', old: 'Экстренный телефон: 112.', new: null },
    ]);
  });

  it('refuses a memo over 10 000 characters with a Russian message under the field', async () => {
    const response = await sales.post('/api/admin/tours', tourBody({ memo: 'я'.repeat(10001) }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.memo).toEqual(['Не длиннее 10000 символов']);
  });
});

describe('who may', () => {
  it('refuses a counterparty (the agent area shows published tours its own way)', async () => {
    const { browser } = await signedIn(app, db(), ['counterparty']);
    expect((await browser.get('/api/admin/tours')).statusCode).toBe(403);
    expect((await browser.post('/api/admin/tours', tourBody())).statusCode).toBe(403);
  });
});
