import { screen, within } from '@testing-library/react';
import type { Quote, RequestQuote, TourRequest } from '@tour/shared';
import type { FakeReply } from '../../../testing/fake-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const QUOTE = 'GET /admin/ticket/11/quote';
const SAVE = 'POST /admin/ticket/11/quote';
const SEND = 'POST /admin/ticket/11/quote/send';

const ok = (data: unknown): FakeReply => ({ status: 200, body: { code: 1, data } });
const page = (data: unknown[]) =>
  ok({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });

// 8 adults and 2 children: the quote's group is 10 by default.
const ticket: TourRequest = {
  id: 11,
  source: 'phone',
  status: 'new',
  contact_name: 'Айгуль Бекова',
  phone: null,
  email: 'aigul@example.kg',
  prepared_tour_id: null,
  prepared_tour_title: null,
  trip_id: null,
  trip_title: null,
  date_from: '2027-05-30',
  date_to: '2027-06-03',
  adults: 8,
  children: 2,
  comment: null,
  reject_reason: null,
  assignee_id: null,
  assignee_name: null,
  counterparty_id: null,
  counterparty_name: null,
  travellers: [],
  converted_at: null,
  created_at: '2026-11-20T12:00:00Z',
  updated_at: '2026-11-20T12:00:00Z',
};

const INCLUDED = 'Проживание: Отель «Тбилиси Центр», стандарт, BB, 4 ночи';
const NOT_INCLUDED = 'Авиаперелёт\nМедицинская страховка';

const versions: RequestQuote = {
  quote: null,
  costings: [
    {
      id: 42,
      version: 2,
      title: 'Наценка 15 %',
      currency: 'usd',
      rows: [
        { group_size: 2, single: 717, double: 598 },
        { group_size: 10, single: 444, double: 329 },
      ],
      included: 'Проживание и трансферы',
    },
    {
      id: 41,
      version: 1,
      title: 'Первый расчёт',
      currency: 'usd',
      rows: [
        { group_size: 2, single: 682, double: 572 },
        { group_size: 10, single: 425, double: 315 },
      ],
      included: INCLUDED,
    },
  ],
  not_included: NOT_INCLUDED,
};

const saved: Quote = {
  id: 7,
  request_id: 11,
  number: 3,
  issued_on: '2026-11-28',
  costing_id: 41,
  version: 1,
  costing_title: 'Первый расчёт',
  group_size: 10,
  occupancy: 'double',
  price: 315,
  single_price: 425,
  double_price: 315,
  currency: 'usd',
  included: INCLUDED,
  not_included: NOT_INCLUDED,
  valid_until: '2026-12-12',
  sent_at: null,
  created_by_name: 'Сыдыкова Нурзат',
  created_at: '2026-11-28T08:00:00Z',
};

function openTicket(extra: Record<string, FakeReply | ((request: never) => FakeReply)> = {}) {
  return renderApp({
    path: '/admin/tickets?ticket=11',
    api: {
      ...signedInRoutes(['sales_manager']),
      'GET /admin/tickets/counts': ok({ new: 1, in_work: 0, converted: 0, rejected: 0 }),
      'GET /admin/tickets': page([ticket]),
      'GET /admin/ticket/11': ok(ticket),
      'GET /admin/trips': page([]),
      ...extra,
    },
  });
}

async function quoteCard() {
  const title = await screen.findByText('Коммерческое предложение', {
    selector: '.ant-card-head-title',
  });
  return title.closest('.ant-card') as HTMLElement;
}

async function dialogTitled(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('[role="dialog"]') as HTMLElement;
}

describe('tickets: the request’s quote', () => {
  it('asks for a costing first when the request has none', async () => {
    const { user } = openTicket({ [QUOTE]: ok({ ...versions, costings: [] }) });
    const card = await quoteCard();
    expect(await within(card).findByText('Предложение ещё не составлено.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Составить предложение' }));
    const dialog = await dialogTitled('Коммерческое предложение');
    expect(within(dialog).getByText('Сначала составьте калькуляцию заявки')).toBeInTheDocument();
  });

  it('saves a quote of a picked version, shows it and sends it to the client', async () => {
    const state: { data: RequestQuote } = { data: versions };
    const { user, api } = openTicket({
      [QUOTE]: () => ok(state.data),
      [SAVE]: () => {
        state.data = { ...versions, quote: saved };
        return ok(saved);
      },
      [SEND]: {
        status: 422,
        body: {
          code: 0,
          message: 'Проверьте поля',
          errors: { email: ['У заявки не указана почта: укажите её, чтобы отправить предложение'] },
        },
      },
    });
    const card = await quoteCard();
    await user.click(await within(card).findByRole('button', { name: 'Составить предложение' }));
    const dialog = await dialogTitled('Коммерческое предложение');

    // The latest version comes first, for the request's 10 people, its lines as «включено».
    expect(within(dialog).getByText('Версия 2 — Наценка 15 %')).toBeInTheDocument();
    expect(within(dialog).getByText('10 человек — $329,00 на человека')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Что включено')).toHaveValue('Проживание и трансферы');
    expect(within(dialog).getByLabelText('Что не включено')).toHaveValue(NOT_INCLUDED);

    await user.click(within(dialog).getByLabelText('Версия калькуляции'));
    await user.click(
      await screen.findByText('Версия 1 — Первый расчёт', { selector: '.ant-select-item *' }),
    );
    expect(await within(dialog).findByText('10 человек — $315,00 на человека')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Что включено')).toHaveValue(INCLUDED);
    await user.clear(within(dialog).getByLabelText('Действительно до'));
    await user.type(within(dialog).getByLabelText('Действительно до'), '12.12.2026{Tab}');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    expect(
      await within(dialog).findByText(
        '№ 3 от 28.11.2026: $315,00 на человека, двухместное размещение, группа 10 человек',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(SAVE).map((call) => call.data)).toEqual([
      {
        costing_id: 41,
        occupancy: 'double',
        group_size: 10,
        included: INCLUDED,
        not_included: NOT_INCLUDED,
        valid_until: '2026-12-12',
      },
    ]);
    expect(within(dialog).getByRole('button', { name: 'Скачать DOCX' })).toBeInTheDocument();

    // A refusal of the sending says why, in Russian.
    await user.click(within(dialog).getByRole('button', { name: 'Отправить клиенту' }));
    expect(
      await within(dialog).findByText(
        'У заявки не указана почта: укажите её, чтобы отправить предложение',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));

    // The drawer shows the current quote too.
    expect(
      await within(card).findByText(
        '№ 3 от 28.11.2026: $315,00 на человека, двухместное размещение, группа 10 человек',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText(/Ещё не отправлено\./)).toBeInTheDocument();
  });

  it('tells the converting manager the participants’ price comes from the quote', async () => {
    const { user } = openTicket({ [QUOTE]: ok({ ...versions, quote: saved }) });
    const card = await quoteCard();
    await within(card).findByText(/№ 3 от 28\.11\.2026/);
    await user.click(await screen.findByRole('button', { name: 'Оформить в тур' }));
    const dialog = await dialogTitled('Оформить в тур');
    expect(
      within(dialog).getByText(
        'Цена участника: $315,00 (по предложению № 3); тур — в той же валюте.',
      ),
    ).toBeInTheDocument();
  });
});
