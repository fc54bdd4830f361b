import { screen, waitFor, within } from '@testing-library/react';
import type { TourRequest, Trip } from '@tour/shared';
import type { FakeReply } from '../../../testing/fake-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const MOVE = 'POST /admin/ticket/11/status';
const CONVERT = 'POST /admin/ticket/11/convert';

// A companion sent with no birth date, citizenship or passport.
const noPassport = {
  birth_date: null,
  citizenship: null,
  passport_number: null,
  passport_issued_at: null,
  passport_expires_at: null,
};

const ok = (data: unknown): FakeReply => ({ status: 200, body: { code: 1, data } });
const page = (data: unknown[]) =>
  ok({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });

const ticket: TourRequest = {
  id: 11,
  source: 'phone',
  status: 'new',
  contact_name: 'Иванов Иван',
  phone: '+996555123456',
  email: null,
  prepared_tour_id: null,
  prepared_tour_title: null,
  trip_id: null,
  trip_title: null,
  date_from: null,
  date_to: null,
  adults: 2,
  children: 1,
  comment: 'Хотят в сентябре',
  reject_reason: null,
  assignee_id: null,
  assignee_name: null,
  counterparty_id: null,
  counterparty_name: null,
  travellers: [],
  converted_at: null,
  created_at: '2026-05-04T12:00:00Z',
  updated_at: '2026-05-04T12:00:00Z',
};

const trip: Trip = {
  id: 5,
  title: 'Золотое кольцо Японии',
  prepared_tour_id: null,
  prepared_tour_title: null,
  country: 'Япония',
  starts_on: '2026-09-01',
  ends_on: '2026-09-10',
  status: 'confirmed',
  price: 1500,
  currency: 'usd',
  seats: 10,
  seats_taken: 4,
  flights: 'round_trip',
  manager_id: null,
  manager_name: null,
  itinerary: [],
  notes: null,
  debt: 0,
  debt_missing_rates: false,
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
};

/** An agent's request: the contact is its first traveller. */
const agentsTicket: TourRequest = {
  ...ticket,
  source: 'agent',
  contact_name: 'Асанов Бакыт',
  phone: '+996555000001',
  prepared_tour_id: 3,
  prepared_tour_title: 'Золотое кольцо Японии',
  trip_id: 5,
  trip_title: 'Золотое кольцо Японии',
  date_from: '2026-09-01',
  date_to: '2026-09-10',
  adults: 3,
  children: 0,
  comment: null,
  counterparty_id: 8,
  counterparty_name: 'Сыдыкова Айгерим Бакытовна',
  travellers: [
    { full_name: 'Асанов Бакыт', phone: '+996555000001' },
    { full_name: 'Асанова Айжан', phone: '+996555000002' },
    { full_name: 'Асанов Тимур', phone: null },
  ],
};

/** The app opened at request 11's drawer; the server's copy of it follows `current`. */
function openTicket(
  extra: Record<string, FakeReply | ((request: never) => FakeReply)> = {},
  opened: TourRequest = ticket,
) {
  const state = { current: opened };
  const view = renderApp({
    path: '/admin/tickets?ticket=11',
    api: {
      ...signedInRoutes(['sales_manager']),
      'GET /admin/tickets/counts': ok({ new: 1, in_work: 0, converted: 0, rejected: 0 }),
      'GET /admin/tickets': () => page([state.current]),
      'GET /admin/ticket/11': () => ok(state.current),
      'GET /admin/trips': page([trip]),
      ...extra,
    },
  });
  return { ...view, state };
}

async function drawer() {
  const title = await screen.findByText('Заявка №11');
  const panel = title.closest('.ant-drawer-section') as HTMLElement;
  await within(panel).findByRole('button', { name: 'Отклонить' });
  return panel;
}

// antd names every dialog by the same test id under Jest (two open at once share one name): a
// dialog is found by its title.
async function dialogTitled(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('[role="dialog"]') as HTMLElement;
}

const itemOf = (input: HTMLElement) => input.closest('.ant-form-item') as HTMLElement;

describe('tickets: one request', () => {
  it('asks for the reason of a rejection and sends it', async () => {
    const { user, api, state } = openTicket();
    api.on(MOVE, (request) => {
      const { reason } = request.data as { reason: string };
      state.current = { ...ticket, status: 'rejected', reject_reason: reason };
      return ok(state.current);
    });

    const panel = await drawer();
    expect(within(panel).getByLabelText('Контактное лицо')).toHaveValue('Иванов Иван');
    await user.click(within(panel).getByRole('button', { name: 'Отклонить' }));
    const dialog = await dialogTitled('Отклонить заявку');
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    expect(await within(dialog).findByText('Укажите причину отказа')).toBeInTheDocument();
    expect(api.callsTo(MOVE)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Причина отказа'), 'Выбрали другого оператора');
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));

    expect(
      await within(panel).findByText('Причина отказа: Выбрали другого оператора'),
    ).toBeInTheDocument();
    expect(api.callsTo(MOVE).map((call) => call.data)).toEqual([
      { status: 'rejected', reason: 'Выбрали другого оператора' },
    ]);
    expect(within(panel).getByText('Отклонена')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Вернуть в работу' })).toBeInTheDocument();
  });

  it('converts into a trip with the travellers and shows the refusals under their fields', async () => {
    const { user, api } = openTicket({
      [CONVERT]: {
        status: 422,
        body: {
          code: 0,
          message: 'Неверный номер телефона: от 7 до 15 цифр, можно с + в начале',
          errors: {
            'travellers.1.phone': ['Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'],
            'travellers.1.passport_expires_at': [
              'Срок действия паспорта должен заканчиваться позже даты выдачи',
            ],
          },
        },
      },
    });

    const panel = await drawer();
    await user.click(within(panel).getByRole('button', { name: 'Оформить в тур' }));
    const dialog = await dialogTitled('Оформить в тур');
    // 2 adults and 1 child: the contact and two companions.
    expect(within(dialog).getByLabelText('Спутник 1: ФИО')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Спутник 2: ФИО')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Спутник 3: ФИО')).not.toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Тур'));
    await user.click(
      await screen.findByText('Золотое кольцо Японии · 01.09.2026–10.09.2026 · мест 4 из 10', {
        selector: '.ant-select-item *',
      }),
    );
    await user.type(within(dialog).getByLabelText('Спутник 1: ФИО'), 'Иванова Мария');
    await user.type(within(dialog).getByLabelText('Спутник 1: телефон'), '+996555000001');
    // Each companion has the passport block of a tourist's card.
    await user.type(within(dialog).getByLabelText('Спутник 1: дата рождения'), '17.05.1990{Tab}');
    await user.type(within(dialog).getByLabelText('Спутник 1: гражданство'), 'Кыргызстан');
    await user.type(within(dialog).getByLabelText('Спутник 1: номер паспорта'), 'AC1234567');
    await user.type(
      within(dialog).getByLabelText('Спутник 1: дата выдачи паспорта'),
      '05.04.2021{Tab}',
    );
    await user.type(
      within(dialog).getByLabelText('Спутник 1: паспорт действителен до'),
      '04.04.2031{Tab}',
    );
    await user.type(within(dialog).getByLabelText('Спутник 2: ФИО'), 'Иванов Пётр');
    await user.type(within(dialog).getByLabelText('Спутник 2: телефон'), '12');
    await user.type(within(dialog).getByLabelText('Спутник 2: email'), 'petr@example.com');
    await user.type(within(dialog).getByLabelText('Спутник 2: номер паспорта'), 'AC7654321');
    await user.type(
      within(dialog).getByLabelText('Спутник 2: паспорт действителен до'),
      '01.01.2030{Tab}',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Оформить' }));

    const phone = within(dialog).getByLabelText('Спутник 2: телефон');
    expect(
      await within(itemOf(phone)).findByText(
        'Неверный номер телефона: от 7 до 15 цифр, можно с + в начале',
      ),
    ).toBeInTheDocument();
    expect(
      within(itemOf(within(dialog).getByLabelText('Спутник 2: паспорт действителен до'))).getByText(
        'Срок действия паспорта должен заканчиваться позже даты выдачи',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(CONVERT).map((call) => call.data)).toEqual([
      {
        trip_id: 5,
        travellers: [
          {
            full_name: 'Иванова Мария',
            phone: '+996555000001',
            email: null,
            birth_date: '1990-05-17',
            citizenship: 'Кыргызстан',
            passport_number: 'AC1234567',
            passport_issued_at: '2021-04-05',
            passport_expires_at: '2031-04-04',
          },
          {
            full_name: 'Иванов Пётр',
            phone: '12',
            email: 'petr@example.com',
            birth_date: null,
            citizenship: null,
            passport_number: 'AC7654321',
            passport_issued_at: null,
            passport_expires_at: '2030-01-01',
          },
        ],
      },
    ]);
    expect(phone).toHaveValue('12');

    // A refusal of the whole trip (the contact's seat) is said above the form.
    api.on(CONVERT, {
      status: 422,
      body: {
        code: 0,
        message: 'Свободных мест нет: все 10 заняты',
        errors: { user_id: ['Свободных мест нет: все 10 заняты'] },
      },
    });
    await user.clear(phone);
    await user.type(phone, '+996555000002');
    await user.click(within(dialog).getByRole('button', { name: 'Оформить' }));
    expect(await within(dialog).findByText('Свободных мест нет: все 10 заняты')).toBeVisible();
    await waitFor(() => expect(api.callsTo(CONVERT)).toHaveLength(2));
  });

  it("shows an agent's request's agent and travellers, and converts them as named", async () => {
    const { user, api, state } = openTicket({}, agentsTicket);
    api.on(CONVERT, () => {
      state.current = {
        ...agentsTicket,
        status: 'converted',
        converted_at: '2026-05-05T09:00:00Z',
      };
      return ok(state.current);
    });

    const panel = await drawer();
    expect(within(panel).getByText('Заявка агента')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Сыдыкова Айгерим Бакытовна' })).toHaveAttribute(
      'href',
      '/admin/user/8/edit',
    );
    expect(within(panel).getByText('Путешественники: 3')).toBeInTheDocument();
    const travellers = within(within(panel).getByRole('list', { name: 'Путешественники' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(travellers).toEqual([
      'Асанов Бакыт, +996555000001',
      'Асанова Айжан, +996555000002',
      'Асанов Тимур, телефон не указан',
    ]);

    await user.click(within(panel).getByRole('button', { name: 'Оформить в тур' }));
    const dialog = await dialogTitled('Оформить в тур');
    // The contact is the first participant by itself: the other two are its companions.
    expect(within(dialog).getByLabelText('Спутник 1: ФИО')).toHaveValue('Асанова Айжан');
    expect(within(dialog).getByLabelText('Спутник 1: телефон')).toHaveValue('+996555000002');
    expect(within(dialog).getByLabelText('Спутник 2: ФИО')).toHaveValue('Асанов Тимур');
    expect(within(dialog).getByLabelText('Спутник 2: телефон')).toHaveValue('');
    expect(within(dialog).queryByLabelText('Спутник 3: ФИО')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Оформить' }));

    expect(await screen.findByText('Заявка оформлена в тур')).toBeInTheDocument();
    expect(api.callsTo(CONVERT).map((call) => call.data)).toEqual([
      {
        trip_id: 5,
        travellers: [
          { full_name: 'Асанова Айжан', phone: '+996555000002', email: null, ...noPassport },
          { full_name: 'Асанов Тимур', phone: null, email: null, ...noPassport },
        ],
      },
    ]);
  });

  it("links an agent whose name did not come by words, never by the agent's id", async () => {
    openTicket({}, { ...agentsTicket, counterparty_name: null });
    const panel = await drawer();
    expect(within(panel).getByRole('link', { name: 'Карточка агента' })).toHaveAttribute(
      'href',
      '/admin/user/8/edit',
    );
    expect(within(panel).queryByText(/№8/)).not.toBeInTheDocument();
  });

  it('shows no agent part for a request of anyone else', async () => {
    openTicket();
    const panel = await drawer();
    expect(within(panel).getByLabelText('Контактное лицо')).toHaveValue('Иванов Иван');
    expect(within(panel).queryByText('Заявка агента')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Агент')).not.toBeInTheDocument();
  });

  it('names the existing client its phone belongs to, who will go on the trip', async () => {
    const { user, api } = openTicket({
      'GET /admin/tourists/match': ok([
        {
          id: 40,
          full_name: 'Иванов Иван Петрович',
          phone: '+996555123456',
          email: null,
          passport_number: null,
          birth_date: '1985-02-01',
          manager_id: null,
          manager_name: null,
          own: true,
          matched_by: 'phone',
          found_by: '+996555123456',
        },
      ]),
    });
    const panel = await drawer();
    expect(
      await within(panel).findByText(
        'Такой турист уже есть: Иванов Иван Петрович · +996555123456 · 01.02.1985 г. р. · без менеджера',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('GET /admin/tourists/match')[0]?.params).toEqual({
      phone: '+996555123456',
      email: undefined,
      passport_number: undefined,
    });
    // The card's full name replaces the one typed in a hurry.
    await user.click(within(panel).getByRole('button', { name: 'Взять ФИО из карточки' }));
    expect(within(panel).getByLabelText('Контактное лицо')).toHaveValue('Иванов Иван Петрович');
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Взять ФИО из карточки' })).toBeNull(),
    );
  });
});
