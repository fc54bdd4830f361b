import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoLatinWords, fakeApi, installFakeApi, page } from '@tour/shared/testing';
import type { SupplierPrice } from '@tour/shared';
import { renderRoute } from '../../../testing/render-route';
import type { Supplier } from '../../../lib/supplier';

installFakeApi();

const hotel: Supplier = {
  id: 7,
  name: 'Отель «Тбилиси Центр»',
  kinds: ['hotel', 'transfer'],
  contact_person: null,
  phone: null,
  email: null,
  default_currency: 'usd',
  notes: null,
  city: 'Тбилиси',
  address: null,
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-01-10T09:00:00.000Z',
};

const price = (overrides: Partial<SupplierPrice>): SupplierPrice => ({
  id: 1,
  supplier_id: 7,
  kind: 'hotel',
  service: 'Стандарт',
  variant: 'DBL',
  meal_plan: 'BB',
  capacity: null,
  unit: 'room_night',
  currency: 'usd',
  price: 70.5,
  valid_from: '2027-01-10',
  valid_to: '2027-05-31',
  notes: null,
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-01-10T09:00:00.000Z',
  ...overrides,
});

/** Opens a select and picks the option of that label in the list that opened last. */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1)!);
}

async function openPrices() {
  fakeApi.ok('GET /admin/suppliers', page([hotel]));
  fakeApi.ok('GET /admin/supplier/7', hotel);
  renderRoute('booking-suppliers', { url: '/admin/suppliers?edit=7' });
  const drawer = await screen.findByRole('dialog');
  await userEvent.click(await within(drawer).findByRole('tab', { name: 'Прайс-лист' }));
  return drawer;
}

describe('a supplier’s «Прайс-лист»', () => {
  it('lists each price with its service, unit and season, in Russian', async () => {
    fakeApi.ok('GET /admin/supplier/7/prices', [
      price({}),
      price({ id: 2, variant: 'EXB', unit: 'person_night', price: 25 }),
      price({
        id: 3,
        kind: 'transfer',
        service: 'Аэропорт — отель',
        variant: null,
        meal_plan: null,
        capacity: 7,
        unit: 'car',
        currency: 'eur',
        price: 55,
      }),
    ]);
    const drawer = await openPrices();
    const table = await within(drawer).findByRole('table', { name: 'Прайс-лист' });
    await within(table).findByText('Стандарт · DBL — двухместный, одна кровать · BB — завтраки');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Стандарт · DBL — двухместный, одна кровать · BB — завтракиОтели$70,50 за номер в ночь' +
        '10.01.2027 — 31.05.2027ИзменитьУдалить',
      'Стандарт · Дополнительная кровать · BB — завтракиОтели$25,00 за человека в ночь' +
        '10.01.2027 — 31.05.2027ИзменитьУдалить',
      'Аэропорт — отель · до 7 мест' +
        'Трансфер€55,00 за машину10.01.2027 — 31.05.2027ИзменитьУдалить',
    ]);
    // «Excel» names the program its buttons work with, as the shell's imports do.
    expectNoLatinWords(drawer, { data: ['DBL', 'BB', 'EXB', 'Excel'] });
  });

  it('adds a room’s price and shows the server’s refusal under its field', async () => {
    fakeApi.ok('GET /admin/supplier/7/prices', []);
    fakeApi.on('POST /admin/supplier/7/prices', {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте поля',
        errors: {
          valid_from: ['Сезон пересекается с ценой той же услуги с 10.01.2027 по 31.05.2027'],
        },
      },
    });
    const drawer = await openPrices();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Добавить цену' }));
    const dialog = (await screen.findAllByRole('dialog')).at(-1)!;
    await userEvent.type(within(dialog).getByLabelText('Категория номера'), 'Стандарт');
    await choose(within(dialog).getByLabelText('Тип номера'), 'SGL — одноместный');
    await choose(within(dialog).getByLabelText('Питание'), 'HB — полупансион');
    await userEvent.type(within(dialog).getByLabelText('Цена'), '65,5');
    await userEvent.type(within(dialog).getByLabelText('Сезон с'), '01.05.2027{Enter}');
    await userEvent.type(within(dialog).getByLabelText('по'), '30.06.2027{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Сезон с').closest('.ant-form-item')).toHaveTextContent(
        'Сезон пересекается с ценой той же услуги с 10.01.2027 по 31.05.2027',
      ),
    );
    expect(fakeApi.requests('POST /admin/supplier/7/prices')[0]!.data).toEqual({
      kind: 'hotel',
      service: 'Стандарт',
      variant: 'SGL',
      meal_plan: 'HB',
      capacity: null,
      unit: 'room_night',
      currency: 'usd',
      price: '65.5',
      valid_from: '2027-05-01',
      valid_to: '2027-06-30',
      notes: null,
    });
  });
});
