import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoLatinWords, fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';
import type { Supplier } from '../../../lib/supplier';

installFakeApi();

const LIST = 'GET /admin/suppliers';

/** The supplier's own name and contacts, Latin on purpose. */
const DATA = ['Hilton Tokyo', 'groups@hilton.example', '1-2-3 Nishi-Shinjuku, Tokyo'];

const hilton: Supplier = {
  id: 7,
  name: 'Hilton Tokyo',
  kinds: ['hotel', 'transfer'],
  contact_person: 'Кэндзи Сато',
  phone: '+81 3 1234 5678',
  email: 'groups@hilton.example',
  default_currency: 'jpy',
  notes: null,
  city: 'Токио',
  address: '1-2-3 Nishi-Shinjuku, Tokyo',
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-01-10T09:00:00.000Z',
};

/** Opens a select and picks the option of that label in the list that opened last. */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1)!);
}

describe('booking-suppliers', () => {
  it('searches and filters by kind through the URL, page by page', async () => {
    fakeApi.ok(LIST, page([hilton], { total: 41 }));
    const view = renderRoute('booking-suppliers', { url: '/admin/suppliers?kind=hotel&page=2' });

    const row = (await screen.findByText('Hilton Tokyo')).closest('tr')!;
    expect(row).toHaveTextContent(
      'ОтелиТрансферКэндзи Сато+81 3 1234 5678groups@hilton.exampleТокиоJPY',
    );
    expect(fakeApi.requests(LIST)[0]!.params).toEqual({ page: '2', kind: 'hotel' });
    expectNoLatinWords(document.body, { data: DATA });

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Поиск: название, контакт, телефон, почта, город' }),
      'сато{Enter}',
    );
    await waitFor(() =>
      expect(view.location()).toBe('/admin/suppliers?kind=hotel&search=%D1%81%D0%B0%D1%82%D0%BE'),
    );
    await choose(screen.getByRole('combobox', { name: 'Вид услуг' }), 'Гид/Сопровождение');
    await waitFor(() =>
      expect(fakeApi.requests(LIST).at(-1)!.params).toEqual({
        page: '1',
        kind: 'guide',
        search: 'сато',
      }),
    );
  });

  it("shows the server's refusal under the field and keeps what was typed", async () => {
    fakeApi.ok(LIST, page([hilton]));
    fakeApi.on('POST /admin/suppliers', {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте поля',
        errors: { name: ['Поставщик с таким названием уже есть'], email: ['Неверный адрес почты'] },
      },
    });
    const view = renderRoute('booking-suppliers', { url: '/admin/suppliers' });
    await screen.findByText('Hilton Tokyo');

    await userEvent.click(screen.getByRole('button', { name: 'Добавить поставщика' }));
    expect(view.location()).toBe('/admin/suppliers?new=1');
    const drawer = await screen.findByRole('dialog');
    await userEvent.type(within(drawer).getByLabelText('Название'), 'hilton tokyo');
    await choose(within(drawer).getByLabelText('Виды услуг'), 'Отели');
    await userEvent.type(within(drawer).getByLabelText('Почта'), 'a@b.kg');
    await choose(within(drawer).getByLabelText('Валюта по умолчанию'), 'JPY — Иена');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Добавить поставщика' }));

    await waitFor(() =>
      expect(within(drawer).getByLabelText('Название').closest('.ant-form-item')).toHaveTextContent(
        'Поставщик с таким названием уже есть',
      ),
    );
    expect(within(drawer).getByLabelText('Почта').closest('.ant-form-item')).toHaveTextContent(
      'Неверный адрес почты',
    );
    expect(within(drawer).getByLabelText('Название')).toHaveValue('hilton tokyo');
    expect(fakeApi.requests('POST /admin/suppliers')[0]!.data).toEqual({
      name: 'hilton tokyo',
      kinds: ['hotel'],
      contact_person: null,
      phone: null,
      email: 'a@b.kg',
      default_currency: 'jpy',
      city: null,
      address: null,
      notes: null,
    });
  });

  it('opens a supplier from its row, with its «История»', async () => {
    fakeApi.ok(LIST, page([hilton]));
    fakeApi.ok('GET /admin/supplier/7', hilton);
    fakeApi.ok(
      'GET /admin/supplier/7/history',
      page([
        {
          id: 1,
          entity_type: 'supplier',
          entity_id: 7,
          action: 'updated',
          changes: [{ field: 'kinds', old: ['hotel'], new: ['hotel', 'transfer'] }],
          user_id: 2,
          user_name: 'Менеджер Ольга',
          created_at: '2026-02-01T10:00:00.000Z',
        },
      ]),
    );
    const view = renderRoute('booking-suppliers', { url: '/admin/suppliers' });
    await userEvent.click(await screen.findByText('Кэндзи Сато'));
    expect(view.location()).toBe('/admin/suppliers?edit=7');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByLabelText('Название')).toHaveValue('Hilton Tokyo');
    expect(within(drawer).getByLabelText('Город')).toHaveValue('Токио');
    expect(within(drawer).getByLabelText('Адрес')).toHaveValue('1-2-3 Nishi-Shinjuku, Tokyo');
    expectNoLatinWords(document.body, { data: DATA });
    await userEvent.click(within(drawer).getByRole('tab', { name: 'История' }));
    expect(
      await within(drawer).findByText('Виды услуг: Отели → Отели, Трансфер'),
    ).toBeInTheDocument();
  });
  it('makes the supplier’s «Акт сверки» from its card, in its usual currency', async () => {
    fakeApi.ok(LIST, page([hilton]));
    fakeApi.ok('GET /admin/supplier/7', hilton);
    fakeApi.on('GET /admin/supplier/7/act', {
      status: 422,
      data: new Blob([
        JSON.stringify({
          code: 0,
          message: 'Проверьте правильность заполнения полей',
          errors: { to: ['Конец периода не может быть раньше начала'] },
        }),
      ]),
    });
    renderRoute('booking-suppliers', { url: '/admin/suppliers?edit=7' });
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(await within(drawer).findByRole('tab', { name: 'Акт сверки' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Акт сверки' }));
    // The dialog over the drawer (this app's tests give every element one id: no names by id).
    await screen.findByText('Акт сверки: Hilton Tokyo');
    const dialog = screen.getAllByRole('dialog').at(-1)!;
    expect(dialog).toHaveTextContent('Акт сверки: Hilton Tokyo');
    expect(within(dialog).getByText('Иена (JPY)')).toBeInTheDocument();
    expectNoLatinWords(dialog, { data: DATA });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скачать' }));
    expect(
      await within(dialog).findByText('Конец периода не может быть раньше начала'),
    ).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/supplier/7/act')[0]!.params).toMatchObject({
      currency: 'jpy',
      format: 'xlsx',
    });
  });
});
