import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, signedIn } from './http';

// The suppliers directory (DESIGN.md 3 "Bookings"): create, edit, search, a kind filter, one
// name once whatever its case, Russian messages for bad fields, the history of every change.

const database = useTestDatabase({ max: 6 });
const db = (): Db => database().db;
let app: App;
let agent: { browser: Browser; id: number };

const HOTEL = {
  name: 'Отель «Ала-Тоо»',
  kinds: ['hotel'],
  contact_person: 'Бермет Асанова',
  phone: '+996 312 66-00-01',
  email: ' Booking@AlaToo.example.kg ',
  default_currency: 'kgs',
  notes: 'Завтраки включены',
};

beforeAll(async () => {
  app = await buildTestApp(db());
  agent = await signedIn(app, db(), ['reservation_agent'], { full_name: 'Агент Бронирования' });
});
afterAll(async () => {
  await app.close();
});

describe('suppliers', () => {
  it('creates a supplier with contacts normalised and shows its history', async () => {
    const response = await agent.browser.post('/api/admin/suppliers', HOTEL);
    expect(response.statusCode).toBe(200);
    const supplier = response.json().data;
    expect(supplier).toMatchObject({
      name: 'Отель «Ала-Тоо»',
      kinds: ['hotel'],
      contact_person: 'Бермет Асанова',
      phone: '+996312660001',
      email: 'booking@alatoo.example.kg',
      default_currency: 'kgs',
      notes: 'Завтраки включены',
    });

    const edited = await agent.browser.put(`/api/admin/supplier/${supplier.id}`, {
      ...HOTEL,
      kinds: ['hotel', 'transfer'],
      notes: null,
    });
    expect(edited.json().data).toMatchObject({ kinds: ['hotel', 'transfer'], notes: null });

    const history = (await agent.browser.get(`/api/admin/supplier/${supplier.id}/history`)).json()
      .data.data as { action: string; changes: { field: string; old: unknown; new: unknown }[] }[];
    expect(history.map((entry) => entry.action)).toEqual(['updated', 'created']);
    expect(history[0]!.changes).toEqual([
      { field: 'kinds', old: ['hotel'], new: ['hotel', 'transfer'] },
      { field: 'notes', old: 'Завтраки включены', new: null },
    ]);
  });

  it('refuses a name taken in another case, and says why under each bad field', async () => {
    await agent.browser.post('/api/admin/suppliers', {
      name: 'Turkish Airlines',
      kinds: ['air_ticket'],
    });
    const twin = await agent.browser.post('/api/admin/suppliers', {
      name: '  turkish airlines ',
      kinds: ['air_ticket'],
    });
    expect([twin.statusCode, twin.json().errors]).toEqual([
      422,
      { name: ['Поставщик с таким названием уже есть'] },
    ]);

    const bad = await agent.browser.post('/api/admin/suppliers', {
      name: '   ',
      kinds: ['hotel', 'hotel'],
      phone: '12',
      email: 'не почта',
    });
    expect([bad.statusCode, bad.json().errors]).toEqual([
      422,
      {
        name: ['Укажите название поставщика'],
        kinds: ['Вид услуг указан дважды'],
        phone: ['Телефон: от 5 до 15 цифр, можно с + в начале'],
        email: ['Неверный адрес почты'],
      },
    ]);
    const unknownKind = await agent.browser.post('/api/admin/suppliers', {
      name: 'Кто-то',
      kinds: ['spaceship'],
    });
    expect(unknownKind.statusCode).toBe(422);
    const missing = await agent.browser.put('/api/admin/supplier/99999999', HOTEL);
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Поставщик не найден']);
  });

  it('finds suppliers by a piece of a name, contact or phone, and by kind', async () => {
    for (const supplier of [
      { name: 'Страховая «Джал»', kinds: ['health_insurance'], phone: '+996555123456' },
      { name: 'Гид Нурлан', kinds: ['guide', 'transfer'], contact_person: 'Нурлан Токтогулов' },
      { name: 'Музей Пржевальского', kinds: ['activity'] },
    ]) {
      expect((await agent.browser.post('/api/admin/suppliers', supplier)).statusCode).toBe(200);
    }
    const names = async (query: string) =>
      (await agent.browser.get(`/api/admin/suppliers?${query}`))
        .json()
        .data.data.map((s: { name: string }) => s.name);
    expect(await names(`search=${encodeURIComponent('токтогул')}`)).toEqual(['Гид Нурлан']);
    expect(await names('search=555123')).toEqual(['Страховая «Джал»']);
    expect(await names('kind=transfer')).toEqual(['Гид Нурлан', 'Отель «Ала-Тоо»']);
    expect(await names(`search=${encodeURIComponent('100%_')}`)).toEqual([]);
  });

  it('keeps a hotel’s city and address, finds it by its city and refuses them too long', async () => {
    const created = await agent.browser.post('/api/admin/suppliers', {
      name: 'Cross Hotel Osaka',
      kinds: ['hotel'],
      city: '  Осака ',
      address: '2-5-15 Shinsaibashi-suji, Chuo-ku, Osaka',
      default_currency: 'jpy',
    });
    expect(created.statusCode).toBe(200);
    const hotel = created.json().data;
    expect(hotel).toMatchObject({
      city: 'Осака',
      address: '2-5-15 Shinsaibashi-suji, Chuo-ku, Osaka',
    });
    const found = await agent.browser.get(
      `/api/admin/suppliers?kind=hotel&search=${encodeURIComponent('осак')}`,
    );
    expect(found.json().data.data.map((s: { name: string }) => s.name)).toEqual([
      'Cross Hotel Osaka',
    ]);
    const moved = await agent.browser.put(`/api/admin/supplier/${hotel.id}`, {
      name: 'Cross Hotel Osaka',
      kinds: ['hotel'],
      city: 'Осака',
      address: null,
      default_currency: 'jpy',
    });
    expect(moved.json().data).toMatchObject({ city: 'Осака', address: null });
    const history = (await agent.browser.get(`/api/admin/supplier/${hotel.id}/history`)).json().data
      .data as { changes: { field: string; old: unknown; new: unknown }[] }[];
    expect(history[0]!.changes).toEqual([
      { field: 'address', old: '2-5-15 Shinsaibashi-suji, Chuo-ku, Osaka', new: null },
    ]);

    const tooLong = await agent.browser.post('/api/admin/suppliers', {
      name: 'Где-то',
      kinds: ['hotel'],
      city: 'Г'.repeat(101),
      address: 'А'.repeat(501),
    });
    expect([tooLong.statusCode, tooLong.json().errors]).toEqual([
      422,
      { city: ['Город — не больше 100 символов'], address: ['Адрес — не больше 500 символов'] },
    ]);
  });
});
