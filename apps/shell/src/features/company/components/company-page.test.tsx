import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CompanyRequisites } from '@tour/shared';
import type { FakeReply } from '../../../testing/fake-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const READ = 'GET /admin/company';
const SAVE = 'PUT /admin/company';
const LOGO = 'PUT /admin/company/logo';
const HISTORY = 'GET /admin/company/history';

const EMPTY: CompanyRequisites = {
  legal_form: null,
  name: null,
  inn: null,
  okpo: null,
  licence: null,
  city: null,
  address: null,
  phone: null,
  email: null,
  bank_name: null,
  bank_account: null,
  bank_bic: null,
  director_position: null,
  director_name: null,
  director_name_genitive: null,
  logo: null,
  updated_at: null,
  updated_by_name: null,
};

const FILLED: CompanyRequisites = {
  ...EMPTY,
  legal_form: 'osoo',
  name: 'Турбюро',
  inn: '02411201910125',
  city: 'г. Бишкек',
  address: 'г. Бишкек, ул. Киевская, 95',
  phone: '+996 312 62-45-00',
  bank_name: 'ОАО «Оптима Банк»',
  bank_account: '1091820182530114',
  bank_bic: '109018',
  director_position: 'Директор',
  director_name: 'Асанова Гулнара Маратовна',
  director_name_genitive: 'директора Асановой Гулнары Маратовны',
  updated_at: '2026-11-27T04:00:00.000Z',
  updated_by_name: 'Администратор Бакыт',
};

const ok = (data: unknown): FakeReply => ({ status: 200, body: { code: 1, data } });
const page = {
  data: [],
  current_page: 1,
  last_page: 1,
  per_page: 50,
  total: 0,
  from: null,
  to: null,
};

function openPage(
  requisites: CompanyRequisites,
  roles: Parameters<typeof signedInRoutes>[0] = ['admin'],
) {
  return renderApp({
    path: '/admin/company',
    api: { ...signedInRoutes(roles), [READ]: ok(requisites), [HISTORY]: ok(page) },
  });
}

const field = (label: string) => screen.getByLabelText(label);

/** Types a whole value at once (a paste): letter by letter is slow on a loaded machine. */
async function fill(view: ReturnType<typeof renderApp>, label: string, text: string) {
  await view.user.click(field(label));
  await view.user.paste(text);
}

/** DD.MM.YYYY HH:mm in the machine's time zone, as the screen shows an instant. */
function localTime(iso: string): string {
  const at = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(at.getDate())}.${two(at.getMonth() + 1)}.${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

describe('«Реквизиты компании»', () => {
  it('names what the documents would print blank, and saves what the administrator types', async () => {
    const view = openPage(EMPTY);
    expect(await screen.findByRole('heading', { name: 'Реквизиты компании' })).toBeVisible();
    // The heading shows before the requisites arrive; the list of blanks, once they have.
    expect(
      await screen.findByText(
        'Не заполнено: Организационно-правовая форма, Название, ИНН, Город, Юридический адрес, ' +
          'Телефон, Банк, Расчётный счёт, БИК банка, Должность руководителя, ФИО руководителя, ' +
          'В лице (для договора)',
      ),
    ).toBeVisible();

    view.api.on(SAVE, (request) => ok({ ...EMPTY, ...(request.data as object) }));
    await view.user.click(screen.getByRole('combobox', { name: 'Организационно-правовая форма' }));
    await view.user.click(
      await screen.findByText('ОсОО — Общество с ограниченной ответственностью', {
        selector: '.ant-select-item *',
      }),
    );
    await fill(view, 'Название', 'Турбюро');
    await fill(view, 'ИНН', '02411201910125');
    await fill(view, 'Телефон', '+996 312 62-45-00');
    await fill(view, 'В лице (для договора)', 'директора Асановой Гулнары Маратовны');
    await view.user.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));

    await waitFor(() => expect(view.api.callsTo(SAVE)).toHaveLength(1));
    expect(view.api.callsTo(SAVE)[0]?.data).toEqual({
      ...Object.fromEntries(
        Object.keys(EMPTY)
          .slice(0, 15)
          .map((key) => [key, null]),
      ),
      legal_form: 'osoo',
      name: 'Турбюро',
      inn: '02411201910125',
      phone: '+996 312 62-45-00',
      director_name_genitive: 'директора Асановой Гулнары Маратовны',
    });
    expect(await screen.findByText('Реквизиты сохранены')).toBeVisible();
  });

  it('checks the digits before sending, in Russian, under their fields', async () => {
    const view = openPage(FILLED);
    const inn = await screen.findByLabelText('ИНН');
    expect(inn).toHaveValue('02411201910125');
    expect(screen.queryByText(/Не заполнено/)).toBeNull();
    expect(
      screen.getByText(`Изменены ${localTime(FILLED.updated_at!)}, Администратор Бакыт`),
    ).toBeVisible();
    await view.user.clear(inn);
    await fill(view, 'ИНН', '123');
    await view.user.clear(field('БИК банка'));
    await fill(view, 'БИК банка', '12');
    await view.user.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    expect(await screen.findByText('ИНН — 14 цифр, без пробелов')).toBeVisible();
    expect(screen.getByText('БИК банка — 6 цифр, без пробелов')).toBeVisible();
    expect(inn).toHaveAttribute('aria-invalid', 'true');
    expect(view.api.callsTo(SAVE)).toHaveLength(0);
  });

  it('shows the server’s field errors under their fields, keeping what was typed', async () => {
    const view = openPage(FILLED);
    view.api.on(SAVE, {
      status: 422,
      body: {
        code: 0,
        message: 'Проверьте правильность заполнения полей',
        errors: { email: ['Неверный адрес электронной почты'] },
      },
    });
    await screen.findByLabelText('Электронная почта');
    await fill(view, 'Электронная почта', 'office@turburo.kg');
    await view.user.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    expect(await screen.findByText('Неверный адрес электронной почты')).toBeVisible();
    expect(screen.getByText('Исправьте поля, отмеченные ниже.')).toBeVisible();
    expect(field('Электронная почта')).toHaveValue('office@turburo.kg');
  });

  it('uploads a logo, refusing another kind of file in Russian', async () => {
    const view = openPage(FILLED);
    const logo = {
      mime: 'image/png',
      size: 2048,
      width: 120,
      height: 40,
      updated_at: '2026-11-27T05:00:00.000Z',
    };
    view.api.on(LOGO, () => {
      view.api.on(READ, ok({ ...FILLED, logo }));
      return ok({ ...FILLED, logo });
    });
    expect(await screen.findByText(/Логотип не загружен/)).toBeVisible();
    // Typed and not yet saved: a logo uploaded meanwhile keeps it.
    await fill(view, 'ОКПО', '30125478');
    // The upload field is made anew after each file: found afresh each time.
    const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

    fireEvent.change(input(), {
      target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText('Логотип — изображение PNG или JPEG')).toBeVisible();
    expect(view.api.callsTo(LOGO)).toHaveLength(0);

    fireEvent.change(input(), {
      target: { files: [new File(['PNG-bytes'], 'logo.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(view.api.callsTo(LOGO)).toHaveLength(1));
    expect(view.api.callsTo(LOGO)[0]?.data).toEqual({ image: btoa('PNG-bytes') });
    const image = await screen.findByRole('img', { name: 'Логотип компании' });
    expect(image).toHaveAttribute(
      'src',
      `/api/admin/company/logo?v=${encodeURIComponent(logo.updated_at)}`,
    );
    expect(screen.getByRole('button', { name: 'Убрать логотип' })).toBeVisible();
    expect(field('ОКПО')).toHaveValue('30125478');
  });

  it('shows who changed which requisite in its history', async () => {
    const view = openPage(FILLED);
    view.api.on(
      HISTORY,
      ok({
        ...page,
        total: 1,
        from: 1,
        to: 1,
        data: [
          {
            id: 7,
            action: 'updated',
            entity_type: 'company',
            entity_id: 1,
            user_id: 1,
            user_name: 'Администратор Бакыт',
            created_at: '2026-11-27T04:00:00.000Z',
            changes: [{ field: 'inn', old: null, new: '02411201910125' }],
          },
        ],
      }),
    );
    await view.user.click(await screen.findByRole('tab', { name: 'История' }));
    const row = (await screen.findByText('Администратор Бакыт', { selector: 'td *, td' })).closest(
      'tr',
    )!;
    expect(within(row).getByText('ИНН: — → 02411201910125')).toBeVisible();
  });

  it('is for create_admin: a sales manager lands elsewhere and has no menu entry', async () => {
    renderApp({
      path: '/admin/company',
      api: { ...signedInRoutes(['sales_manager']), 'GET /admin/users': ok(page) },
    });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Реквизиты компании' })).toBeNull(),
    );
    expect(await screen.findByRole('heading', { name: 'Пользователи' })).toBeVisible();
  });

  it('is opened by an administrator from the top bar’s menu', async () => {
    const view = renderApp({
      path: '/admin/users',
      api: {
        ...signedInRoutes(['admin']),
        'GET /admin/users': ok(page),
        [READ]: ok(FILLED),
        [HISTORY]: ok(page),
      },
    });
    await view.user.click(await screen.findByRole('button', { name: /sales@example\.com/ }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Реквизиты компании' }));
    expect(await screen.findByRole('heading', { name: 'Реквизиты компании' })).toBeVisible();
    expect(view.router.state.location.pathname).toBe('/admin/company');
    expect(await screen.findByLabelText('ИНН')).toHaveValue('02411201910125');
  });
});
