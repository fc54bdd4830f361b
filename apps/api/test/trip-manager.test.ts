import ExcelJS from 'exceljs';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { type Browser, buildTestApp, signedIn } from './http';

// Issue 29, finding 2: a trip knows its manager. A sales manager who makes a trip manages it
// unless it chooses someone else (or nobody); «Мои туры» lists the trips one manages.

const database = useTestDatabase();
const db = (): Db => database().db;
let app: App;
let sales: Browser;
let salesId: number;
let other: Browser;
let otherId: number;
let admin: Browser;

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: sales, id: salesId } = await signedIn(app, db(), ['sales_manager'], {
    full_name: 'Продажина Алия',
  }));
  ({ browser: other, id: otherId } = await signedIn(app, db(), ['sales_manager'], {
    full_name: 'Другов Эрлан',
  }));
  ({ browser: admin } = await signedIn(app, db(), ['admin']));
});
afterAll(async () => {
  await app.close();
});

async function trip(by: Browser, title: string, extra: Record<string, unknown> = {}) {
  const response = await by.post('/api/admin/trips', {
    title,
    starts_on: '2027-05-01',
    ends_on: '2027-05-05',
    price: 900,
    currency: 'usd',
    seats: 10,
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: number; manager_id: number | null; manager_name: string };
}

describe('a new trip’s manager', () => {
  it('is the sales manager who makes it when none is chosen', async () => {
    const made = await trip(sales, 'Ташкент и Самарканд');
    expect(made).toMatchObject({ manager_id: salesId, manager_name: 'Продажина Алия' });
    const history = (await sales.get(`/api/admin/trip/${made.id}/history`)).json().data.data;
    expect(history[0].changes).toContainEqual({
      field: 'manager_id',
      old: null,
      new: salesId,
      new_name: 'Продажина Алия',
    });
  });

  it('is the one chosen, or nobody when null is chosen', async () => {
    expect(await trip(sales, 'Сеул', { manager_id: otherId })).toMatchObject({
      manager_id: otherId,
    });
    expect(await trip(sales, 'Пусан', { manager_id: null })).toMatchObject({ manager_id: null });
  });

  it('is nobody when an administrator makes it without choosing', async () => {
    expect(await trip(admin, 'Тбилиси')).toMatchObject({ manager_id: null });
  });
});

describe('«Мои туры»', () => {
  beforeAll(async () => {
    await trip(sales, 'Мой: Киото');
    await trip(admin, 'Мой от администратора: Осака', { manager_id: salesId });
    await trip(other, 'Чужой: Нара');
  });

  const titles = async (by: Browser, query: string) => {
    const response = await by.get(`/api/admin/trips?${query}&per_page=100`);
    expect(response.statusCode).toBe(200);
    return (response.json().data.data as { title: string }[]).map((row) => row.title).sort();
  };

  it('lists only the trips the asker manages', async () => {
    expect(await titles(sales, 'mine=1&search=%D0%9C%D0%BE%D0%B9')).toEqual([
      'Мой от администратора: Осака',
      'Мой: Киото',
    ]);
    expect(await titles(other, 'mine=1')).toEqual(['Сеул', 'Чужой: Нара']);
    expect(await titles(sales, 'mine=0&search=%D0%9D%D0%B0%D1%80%D0%B0')).toEqual(['Чужой: Нара']);
  });

  it('with a manager chosen too, both must hold', async () => {
    expect(await titles(sales, `mine=1&manager_id=${otherId}`)).toEqual([]);
  });

  it('exports the same trips', async () => {
    const response = await sales.get('/api/admin/trips/export?mine=1');
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const listed: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1 && row.getCell(1).value) listed.push(String(row.getCell(1).value));
    });
    expect(listed.sort()).toEqual([
      'Мой от администратора: Осака',
      'Мой: Киото',
      'Ташкент и Самарканд',
    ]);
  });

  it('refuses a value other than 0 or 1 with a field error, never a 500', async () => {
    const response = await sales.get('/api/admin/trips?mine=yes');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['mine']);
  });
});
