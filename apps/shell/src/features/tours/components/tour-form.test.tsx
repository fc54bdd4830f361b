import { screen, waitFor, within } from '@testing-library/react';
import type { PreparedTour } from '@tour/shared';
import type { FakeRoutes } from '../../../testing/fake-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const CREATE = 'POST /admin/tours';

const saved: PreparedTour = {
  id: 77,
  title: 'Золотое кольцо',
  key: 'zolotoe-kolco-2',
  country: 'Россия',
  cities: ['Владимир'],
  days: 2,
  itinerary: [
    { title: 'Владимир', description: '' },
    { title: 'Суздаль', description: 'Кремль' },
  ],
  included: [],
  not_included: [],
  base_price: 1200,
  currency: 'usd',
  agent_price: null,
  agent_commission: null,
  published: false,
  memo: null,
  archived_at: null,
  trips_count: 0,
  created_at: '2025-02-01T10:00:00.000Z',
  updated_at: '2025-02-01T10:00:00.000Z',
};

function open(path: string, extra: FakeRoutes = {}) {
  return renderApp({
    path,
    api: {
      ...signedInRoutes(['sales_manager']),
      'GET /admin/tours/countries': { status: 200, body: { code: 1, data: [] } },
      ...extra,
    },
  });
}

const field = (label: string) => screen.getByLabelText(label);

/** The form item of a field: its label, control and the message under it. */
const itemOf = (label: string) => field(label).closest('.ant-form-item') as HTMLElement;

describe('tour-create', () => {
  it('suggests the key from the title until it is typed, and the days follow the itinerary', async () => {
    const { user, api } = open('/admin/tour/create');

    await user.type(await screen.findByLabelText('Название'), 'Золотое кольцо');
    expect(field('Ключ')).toHaveValue('zolotoe-kolco');
    await user.type(field('Название'), ' Японии');
    expect(field('Ключ')).toHaveValue('zolotoe-kolco-yaponii');

    // Typed by hand: the title no longer changes it, and the pattern is checked before sending.
    await user.clear(field('Ключ'));
    await user.type(field('Ключ'), 'Zolotoe_kolco');
    await user.clear(field('Название'));
    await user.type(field('Название'), 'Кольцо');
    expect(field('Ключ')).toHaveValue('Zolotoe_kolco');

    expect(field('Дней')).toHaveValue('1');
    expect(field('Дней')).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Добавить день' }));
    await user.click(screen.getByRole('button', { name: 'Добавить день' }));
    await user.click(screen.getByRole('button', { name: 'Добавить день' }));
    await waitFor(() => expect(field('Дней')).toHaveValue('3'));
    expect(field('Дней')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Удалить день 3' }));
    await waitFor(() => expect(field('Дней')).toHaveValue('2'));

    await user.click(screen.getByRole('button', { name: 'Создать тур' }));
    expect(
      await within(itemOf('Ключ')).findByText(
        'Ключ: строчные латинские буквы, цифры и дефисы между словами, например zolotoe-kolco',
      ),
    ).toBeInTheDocument();
    expect(
      await within(itemOf('Название дня 1')).findByText('Укажите название дня'),
    ).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('refuses negative days and a negative price in words, never changing what was typed', async () => {
    const { user, api } = open('/admin/tour/create');
    const days = await screen.findByLabelText('Дней');
    await user.clear(days);
    await user.type(days, '-3');
    await user.type(field('Базовая цена на человека'), '-100');
    await user.click(screen.getByRole('button', { name: 'Создать тур' }));

    expect(await within(itemOf('Дней')).findByText('Должно быть больше нуля')).toBeVisible();
    expect(days).toHaveValue('-3');
    expect(
      await within(itemOf('Базовая цена на человека')).findByText('Не меньше нуля'),
    ).toBeVisible();
    expect(screen.queryByText(/числом|Введите число/)).not.toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '400');
    expect(await within(itemOf('Дней')).findByText('Не больше 365')).toBeVisible();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('shows the server errors under their fields, a day title included, then opens the created tour', async () => {
    const { user, api, router } = open('/admin/tour/create', {
      [CREATE]: {
        status: 422,
        body: {
          code: 0,
          message: 'Проверьте данные',
          errors: {
            key: ['Этот ключ уже занят другим заготовленным туром'],
            'itinerary.1.title': ['Не длиннее 255 символов'],
            season: ['Сезон закрыт'],
          },
        },
      },
    });

    await user.type(await screen.findByLabelText('Название'), 'Золотое кольцо');
    await user.type(field('Страна'), 'Россия');
    await user.type(field('Города'), 'Владимир{Enter}');
    await user.type(field('Базовая цена на человека'), '1 200');
    await user.click(screen.getByRole('button', { name: 'Добавить день' }));
    await user.click(screen.getByRole('button', { name: 'Добавить день' }));
    await user.type(field('Название дня 1'), 'Владимир');
    await user.type(field('Название дня 2'), 'Суздаль');
    await user.type(field('Описание дня 2'), 'Кремль');
    await user.click(screen.getByRole('radio', { name: 'Комиссия, %' }));
    await user.type(await screen.findByLabelText('Комиссия агента, %'), '10');
    await user.click(screen.getByRole('button', { name: 'Создать тур' }));

    expect(
      await within(itemOf('Ключ')).findByText('Этот ключ уже занят другим заготовленным туром'),
    ).toBeInTheDocument();
    expect(
      within(itemOf('Название дня 2')).getByText('Не длиннее 255 символов'),
    ).toBeInTheDocument();
    expect(field('Название дня 2')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Название дня 1')).not.toHaveAttribute('aria-invalid', 'true');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Не удалось сохранить тур');
    expect(alert).toHaveTextContent('Сезон закрыт');
    expect(api.callsTo(CREATE)[0]?.data).toEqual({
      title: 'Золотое кольцо',
      key: 'zolotoe-kolco',
      country: 'Россия',
      cities: ['Владимир'],
      days: 2,
      itinerary: [
        { title: 'Владимир', description: '' },
        { title: 'Суздаль', description: 'Кремль' },
      ],
      included: [],
      not_included: [],
      base_price: '1200',
      currency: 'usd',
      agent_price: null,
      agent_commission: 10,
      published: false,
      memo: null,
    });

    api.on(CREATE, { status: 200, body: { code: 1, data: saved } });
    api.on('GET /admin/tour/77', { status: 200, body: { code: 1, data: saved } });
    await user.type(field('Ключ'), '-2');
    await user.type(field('Текст памятки'), 'Экстренный телефон: 112.');
    await user.click(screen.getByRole('button', { name: 'Создать тур' }));
    expect(await screen.findByText('Тур создан')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/tour/77/edit'));
    expect(api.callsTo(CREATE)[1]?.data).toMatchObject({
      key: 'zolotoe-kolco-2',
      memo: 'Экстренный телефон: 112.',
    });
  });
});

describe('tour-edit', () => {
  it('offers the archive when the server refuses to delete, and shows the history', async () => {
    const { user, api } = open('/admin/tour/77/edit', {
      'GET /admin/tour/77': { status: 200, body: { code: 1, data: saved } },
      'DELETE /admin/tour/77': {
        status: 422,
        body: {
          code: 0,
          message: 'Из этого тура уже сделаны туры: его можно только отправить в архив',
          errors: { id: ['Из этого тура уже сделаны туры: его можно только отправить в архив'] },
        },
      },
      'POST /admin/tour/77/archive': {
        status: 200,
        body: { code: 1, data: { ...saved, archived_at: '2025-02-02T10:00:00.000Z' } },
      },
      'GET /admin/tour/77/history': {
        status: 200,
        body: {
          code: 1,
          data: {
            data: [
              {
                id: 1,
                entity_type: 'prepared_tour',
                entity_id: 77,
                action: 'updated',
                changes: [{ field: 'days', old: 1, new: 2 }],
                user_id: 7,
                user_name: 'Айгуль Токтогулова',
                created_at: '2025-02-01T10:00:00.000Z',
              },
            ],
            current_page: 1,
            last_page: 1,
            per_page: 20,
            total: 1,
            from: 1,
            to: 1,
          },
        },
      },
    });

    expect(await screen.findByLabelText('Название')).toHaveValue('Золотое кольцо');
    expect(field('Ключ')).toHaveValue('zolotoe-kolco-2');
    expect(field('Название дня 2')).toHaveValue('Суздаль');

    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить тур «Золотое кольцо»?' });
    expect(confirm).toHaveTextContent('Удалить тур «Золотое кольцо»?');
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));

    const dialog = await screen.findByRole('dialog', { name: 'Тур нельзя удалить' });
    expect(dialog).toHaveTextContent(
      'Из этого тура уже сделаны туры: его можно только отправить в архив',
    );
    await user.click(within(dialog).getByRole('button', { name: 'В архив' }));
    await waitFor(() => expect(api.callsTo('POST /admin/tour/77/archive')).toHaveLength(1));
    expect(await screen.findByText('Тур отправлен в архив')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'История' }));
    expect(await screen.findByText('Дней: 1 → 2')).toBeInTheDocument();
  });
});
