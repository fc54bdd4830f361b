import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { georgia, japan, textOf } from '../../../testing/agent';
import { renderRoute } from '../../../testing/render-route';

installFakeApi();

const TOURS = 'GET /agent/tours';
const COUNTRIES = 'GET /agent/tours/countries';

function rowOf(table: HTMLElement, title: string) {
  return within(table).getByRole('link', { name: title }).closest('tr')!;
}

/** Opens a select and picks the option of that label in the list that opened last. */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1)!);
}

describe('agent-tours', () => {
  it('lists the published tours with their terms, departures and free seats', async () => {
    fakeApi.ok(TOURS, page([japan(), georgia()], { total: 2 }));
    fakeApi.ok(COUNTRIES, ['Грузия', 'Япония']);
    renderRoute('agent-tours');

    expect(screen.getByRole('heading', { level: 2, name: 'Туры' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Классическая Япония' });
    const table = screen.getByRole('table', { name: 'Туры' });

    const tokyo = rowOf(table, 'Классическая Япония');
    expect(within(tokyo).getByRole('link', { name: 'Классическая Япония' })).toHaveAttribute(
      'href',
      '/admin/agent/tours/japan-classic',
    );
    const cells = within(tokyo).getAllByRole('cell');
    expect(textOf(cells[0]!)).toBe('Классическая ЯпонияЯпония: Токио, Киото, Осака · 10 дней');
    expect(textOf(cells[1]!)).toBe('$1 500,00Комиссия агента: 10 %');
    const departures = within(tokyo).getByRole('list', { name: 'Выезды: Классическая Япония' });
    expect(
      within(departures)
        .getAllByRole('listitem')
        .map((item) => textOf(item)),
    ).toEqual([
      '01.12.2026 – 10.12.2026 · свободно 5 из 20 · $1 500,00 · агенту $1 350,00, комиссия $150,00',
      '15.01.2027 – 24.01.2027 · свободно 2 из 12 · $1 450,50 · агенту $1 305,45, комиссия $145,05',
    ]);

    const tbilisi = rowOf(table, 'Винная Грузия');
    expect(textOf(within(tbilisi).getAllByRole('cell')[1]!)).toBe(
      'С65 000,00Цена для агента: С58 000,00',
    );
    expect(textOf(within(tbilisi).getByRole('list', { name: 'Выезды: Винная Грузия' }))).toBe(
      '03.10.2026 – 09.10.2026 · свободно 0 из 16 · С65 000,00 · агенту С58 000,00, комиссия С7 000,00',
    );

    expect(fakeApi.requests(TOURS).map((request) => request.params)).toEqual([{ page: '1' }]);
  });

  it('says when a tour has no departure, or no tour is published', async () => {
    fakeApi.ok(TOURS, page([japan({ departures: [], agent_commission: null })]));
    fakeApi.ok(COUNTRIES, ['Япония']);
    const view = renderRoute('agent-tours');
    await screen.findByRole('link', { name: 'Классическая Япония' });
    const table = screen.getByRole('table', { name: 'Туры' });
    const row = rowOf(table, 'Классическая Япония');
    expect(row).toHaveTextContent('Ближайших выездов нет');
    expect(row).toHaveTextContent('Условия для агента не заданы');
    view.unmount();

    fakeApi.ok(TOURS, page([]));
    renderRoute('agent-tours');
    expect(await screen.findByText('Опубликованных туров пока нет')).toBeInTheDocument();
  });

  it('puts the country, the search and the page in the URL and the request', async () => {
    fakeApi.on(TOURS, ({ params }) => ({
      status: 200,
      data: {
        code: 1,
        data: params.search === 'нет такого' ? page([]) : page([japan()], { total: 45 }),
      },
    }));
    fakeApi.ok(COUNTRIES, ['Грузия', 'Япония']);
    const view = renderRoute('agent-tours', { url: '/admin/agent/tours?page=2' });
    await screen.findByRole('link', { name: 'Классическая Япония' });
    expect(fakeApi.requests(TOURS).map((request) => request.params)).toEqual([{ page: '2' }]);
    expect(screen.getByText('Всего: 45')).toBeInTheDocument();

    // A new filter goes back to page 1.
    await choose(screen.getByRole('combobox', { name: 'Страна' }), 'Япония');
    await waitFor(() =>
      expect(view.location()).toBe(`/admin/agent/tours?country=${encodeURIComponent('Япония')}`),
    );
    await waitFor(() =>
      expect(fakeApi.requests(TOURS).at(-1)!.params).toEqual({ page: '1', country: 'Япония' }),
    );

    // The search applies on Enter, not on every key.
    const search = screen.getByRole('searchbox', { name: 'Поиск тура' });
    await userEvent.type(search, 'нет такого');
    expect(fakeApi.requests(TOURS)).toHaveLength(2);
    await userEvent.type(search, '{Enter}');
    await waitFor(() =>
      expect(fakeApi.requests(TOURS).at(-1)!.params).toEqual({
        page: '1',
        country: 'Япония',
        search: 'нет такого',
      }),
    );
    expect(view.location()).toBe(
      `/admin/agent/tours?country=${encodeURIComponent('Япония')}&search=${encodeURIComponent('нет такого').replace(/%20/g, '+')}`,
    );
    expect(await screen.findByText('Туры не найдены')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(view.location()).toBe('/admin/agent/tours'));
    expect(screen.getByRole('searchbox', { name: 'Поиск тура' })).toHaveValue('');
  });

  it('offers a retry when the tours do not load', async () => {
    fakeApi.on(TOURS, { status: 500, data: { code: 0, message: 'Ошибка' } });
    fakeApi.ok(COUNTRIES, []);
    renderRoute('agent-tours');
    expect(await screen.findByText('Не удалось загрузить туры')).toBeInTheDocument();
    fakeApi.ok(TOURS, page([japan()]));
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: 'Классическая Япония' })).toBeInTheDocument();
  });
});
