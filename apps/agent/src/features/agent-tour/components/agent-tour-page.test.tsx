import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, fill, installFakeApi, invalid } from '@tour/shared/testing';
import { aigul, bakyt, departure, japanDetail, request, textOf } from '../../../testing/agent';
import { renderRoute } from '../../../testing/render-route';

installFakeApi();

const URL_OF_TOUR = '/admin/agent/tours/japan-classic';
const TOUR = 'GET /agent/tours/japan-classic';
const SEND = 'POST /agent/tours/japan-classic/requests';

/** Opens a select and picks the option of that label in the list that opened last. */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1)!);
}

const itemOf = (field: HTMLElement) => field.closest('.ant-form-item') as HTMLElement;
const nameField = (n: number) => screen.getByLabelText(`ФИО туриста ${n}`);
const phoneField = (n: number) => screen.getByLabelText(`Телефон туриста ${n}`);

async function openTour() {
  const view = renderRoute('agent-tour', { url: URL_OF_TOUR });
  await screen.findByRole('heading', { level: 2, name: 'Классическая Япония' });
  return view;
}

describe('agent-tour', () => {
  it('describes the tour: terms, programme, services and departures with free seats', async () => {
    fakeApi.ok(TOUR, japanDetail());
    await openTour();

    expect(screen.getByRole('link', { name: '← Все туры' })).toHaveAttribute(
      'href',
      '/admin/agent/tours',
    );
    const overview = screen.getByText('Условия для агента').closest('table')!;
    expect(textOf(overview)).toBe(
      'СтранаЯпонияГородаТокио, Киото, ОсакаПродолжительность10 днейЦена тура$1 500,00Условия для агентаКомиссия агента: 10 %',
    );
    expect(
      within(screen.getByRole('list', { name: 'Программа по дням' }))
        .getAllByRole('listitem')
        .map((item) => textOf(item)),
    ).toEqual([
      'День 1. Прилёт в ТокиоВстреча в аэропорту Нарита, трансфер в отель.',
      'День 2. ТокиоОбзорная экскурсия: Асакуса, Гинза, Сибуя.',
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Включено' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Проживание в отелях 4*', 'Завтраки', 'Трансферы']);
    expect(
      within(screen.getByRole('list', { name: 'Не включено' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Авиабилеты', 'Виза']);

    const departures = screen.getByRole('table', { name: 'Выезды' });
    expect(
      within(departures)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => textOf(cell)),
        ),
    ).toEqual([
      [
        '01.12.2026 – 10.12.2026',
        'Подтверждён',
        'свободно 5 из 20',
        '$1 500,00',
        '$1 350,00',
        '$150,00',
      ],
      [
        '15.01.2027 – 24.01.2027',
        'Запланирован',
        'свободно 2 из 12',
        '$1 450,50',
        '$1 305,45',
        '$145,05',
      ],
    ]);
    // On a phone each departure is a card whose lines say what they are (CSS: data-label).
    expect(
      within(within(departures).getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual([null, 'Статус', 'Места', 'Цена', 'Цена для агента', 'Комиссия']);
    expect(screen.getByText('Заявка на тур')).toBeInTheDocument();
  });

  it('shows «Тур не найден» for an unknown or unpublished key, with a way back', async () => {
    fakeApi.on('GET /agent/tours/nope', {
      status: 404,
      data: { code: 0, message: 'Тур не найден' },
    });
    renderRoute('agent-tour', { url: '/admin/agent/tours/nope' });
    expect(await screen.findByText('Тур не найден')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Тур' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Все туры' })).toHaveAttribute(
      'href',
      '/admin/agent/tours',
    );
    expect(screen.queryByText('Заявка на тур')).not.toBeInTheDocument();
  });

  it('offers only departures with free seats, and none when every one is full', async () => {
    fakeApi.ok(
      TOUR,
      japanDetail({
        departures: [departure({ seats_free: 0 }), departure({ trip_id: 42, seats_free: 0 })],
      }),
    );
    await openTour();
    expect(screen.getByText('Свободных мест на ближайших выездах нет')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить заявку' })).not.toBeInTheDocument();
  });

  it('adds and removes travellers, never more than the departure’s free seats', async () => {
    fakeApi.ok(TOUR, japanDetail());
    fakeApi.ok(SEND, request());
    await openTour();

    const add = screen.getByRole('button', { name: 'Добавить туриста' });
    expect(screen.getByRole('button', { name: 'Убрать туриста 1' })).toBeDisabled();
    await userEvent.click(add);
    await userEvent.click(add);
    expect(nameField(3)).toBeInTheDocument();
    await fill(nameField(1), 'Асанова Айгуль');
    await fill(nameField(2), 'Асанов Бакыт');
    await fill(nameField(3), 'Асанов Тимур');

    // 15.01.2027 has 2 free seats: three travellers are refused before anything is sent.
    await choose(screen.getByLabelText('Выезд'), '15.01.2027 – 24.01.2027 · свободно 2 из 12');
    expect(await screen.findByText('Свободных мест на этот выезд: 2')).toBeInTheDocument();
    expect(add).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText('Свободных мест на этот выезд: 2')).toBeInTheDocument();
    expect(fakeApi.requests(SEND)).toHaveLength(0);

    // Removing the second leaves the first and the third, renumbered.
    await userEvent.click(screen.getByRole('button', { name: 'Убрать туриста 2' }));
    expect(nameField(1)).toHaveValue('Асанова Айгуль');
    expect(nameField(2)).toHaveValue('Асанов Тимур');
    expect(screen.queryByLabelText('ФИО туриста 3')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Свободных мест на этот выезд: 2')).not.toBeInTheDocument(),
    );
    expect(add).toBeDisabled();
    expect(screen.getByText('Свободных мест на выезде: 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    await waitFor(() => expect(fakeApi.requests(SEND)).toHaveLength(1));
    expect(fakeApi.requests(SEND)[0]!.data).toEqual({
      trip_id: 42,
      tourists: [
        { full_name: 'Асанова Айгуль', phone: null },
        { full_name: 'Асанов Тимур', phone: null },
      ],
      comment: null,
    });
  });

  it('sends exactly the contract’s body and links the sent request to the requests list', async () => {
    fakeApi.ok(TOUR, japanDetail());
    fakeApi.ok(SEND, request({ id: 305 }));
    await openTour();

    // A traveller's name is required; nothing goes out without one or a departure.
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText('Укажите ФИО туриста')).toBeInTheDocument();
    expect(screen.getByText('Выберите выезд')).toBeInTheDocument();
    expect(fakeApi.requests(SEND)).toHaveLength(0);

    await choose(screen.getByLabelText('Выезд'), '01.12.2026 – 10.12.2026 · свободно 5 из 20');
    await fill(nameField(1), '  Асанова Айгуль ');
    await fill(phoneField(1), '+996 700 123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить туриста' }));
    await fill(nameField(2), 'Асанов Бакыт');
    await fill(screen.getByLabelText('Комментарий'), 'Нужен номер с видом на море');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));

    expect(await screen.findByText('Заявка отправлена')).toBeInTheDocument();
    expect(fakeApi.requests(SEND).map((sent) => sent.data)).toEqual([
      {
        trip_id: 41,
        tourists: [
          { full_name: 'Асанова Айгуль', phone: '+996 700 123 456' },
          { full_name: 'Асанов Бакыт', phone: null },
        ],
        comment: 'Нужен номер с видом на море',
      },
    ]);
    expect(
      screen.getByText(/Заявка №305: выезд 01\.12\.2026 – 10\.12\.2026, туристов: 2/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Мои заявки' })).toHaveAttribute(
      'href',
      '/admin/agent/tourists?tab=requests',
    );

    // Another request starts from an empty form.
    await userEvent.click(screen.getByRole('button', { name: 'Новая заявка' }));
    expect(nameField(1)).toHaveValue('');
    expect(screen.queryByLabelText('ФИО туриста 2')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal under the traveller’s field and keeps the form', async () => {
    fakeApi.ok(TOUR, japanDetail());
    fakeApi.on(
      SEND,
      invalid({
        'tourists.1.full_name': ['Укажите ФИО туриста полностью'],
        'tourists.0.phone': ['Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'],
      }),
    );
    await openTour();

    await choose(screen.getByLabelText('Выезд'), '01.12.2026 – 10.12.2026 · свободно 5 из 20');
    await fill(nameField(1), 'Асанова Айгуль');
    await fill(phoneField(1), '+996 (700) 12-34-56');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить туриста' }));
    await userEvent.type(nameField(2), 'Б');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));

    await waitFor(() =>
      expect(itemOf(nameField(2))).toHaveTextContent('Укажите ФИО туриста полностью'),
    );
    expect(itemOf(phoneField(1))).toHaveTextContent(
      'Неверный номер телефона: от 7 до 15 цифр, можно с + в начале',
    );
    expect(itemOf(nameField(1))).not.toHaveTextContent('Укажите');
    expect(screen.getByRole('alert')).toHaveTextContent('Исправьте поля, отмеченные ниже.');
    // Nothing typed is lost.
    expect(nameField(1)).toHaveValue('Асанова Айгуль');
    expect(phoneField(1)).toHaveValue('+996 (700) 12-34-56');
    expect(nameField(2)).toHaveValue('Б');
    expect(screen.queryByText('Заявка отправлена')).not.toBeInTheDocument();
  });

  it('shows the seats refused by the server under the travellers, the departure’s under it', async () => {
    fakeApi.ok(TOUR, japanDetail());
    fakeApi.on(
      SEND,
      invalid({
        tourists: ['Свободных мест на этот выезд: 1'],
        trip_id: ['Этот выезд больше нельзя заказать: он уже начался или отменён'],
      }),
    );
    await openTour();
    await choose(screen.getByLabelText('Выезд'), '01.12.2026 – 10.12.2026 · свободно 5 из 20');
    await fill(nameField(1), 'Асанова Айгуль');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить туриста' }));
    await fill(nameField(2), 'Асанов Бакыт');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));

    expect(await screen.findByText('Свободных мест на этот выезд: 1')).toBeInTheDocument();
    expect(itemOf(screen.getByLabelText('Выезд'))).toHaveTextContent(
      'Этот выезд больше нельзя заказать: он уже начался или отменён',
    );
  });

  it('sends only on the button: Enter in a field never sends a half-filled request', async () => {
    fakeApi.ok(TOUR, japanDetail());
    fakeApi.ok(SEND, request());
    await openTour();
    await choose(screen.getByLabelText('Выезд'), '01.12.2026 – 10.12.2026 · свободно 5 из 20');
    await userEvent.type(nameField(1), 'Агентова{Enter}');
    await userEvent.type(phoneField(1), '+996 700 123 456{Enter}');
    expect(fakeApi.requests(SEND)).toHaveLength(0);
    expect(screen.queryByText('Заявка отправлена')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    await waitFor(() => expect(fakeApi.requests(SEND)).toHaveLength(1));
  });

  it('fills a traveller from the agent’s saved tourists, and keeps a new one when asked', async () => {
    fakeApi.ok(TOUR, japanDetail());
    fakeApi.ok('GET /agent/tourists', {
      data: [aigul(), bakyt()],
      page: 1,
      per_page: 20,
      total: 2,
    });
    fakeApi.ok(SEND, request());
    await openTour();
    await choose(screen.getByLabelText('Выезд'), '01.12.2026 – 10.12.2026 · свободно 5 из 20');
    await choose(
      screen.getByLabelText('Турист 1 из моих туристов'),
      'Асанова Айгуль · +996700123456',
    );
    expect(nameField(1)).toHaveValue('Асанова Айгуль');
    expect(phoneField(1)).toHaveValue('+996700123456');
    // A saved tourist is saved already: no «Сохранить» for her row.
    expect(screen.queryAllByRole('checkbox', { name: 'Сохранить в мои туристы' })).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Добавить туриста' }));
    await fill(nameField(2), 'Асанов Нурлан');
    await fill(phoneField(2), '+996 555 010 203');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Сохранить в мои туристы' }));
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));

    await waitFor(() => expect(fakeApi.requests(SEND)).toHaveLength(1));
    expect(fakeApi.requests(SEND)[0]!.data).toEqual({
      trip_id: 41,
      tourists: [
        { full_name: 'Асанова Айгуль', phone: '+996700123456' },
        { full_name: 'Асанов Нурлан', phone: '+996 555 010 203', save: true },
      ],
      comment: null,
    });
  });

  it('says in Russian when the server cannot be reached, and keeps the form', async () => {
    fakeApi.ok(TOUR, japanDetail());
    await openTour();
    await choose(screen.getByLabelText('Выезд'), '01.12.2026 – 10.12.2026 · свободно 5 из 20');
    await fill(nameField(1), 'Асанова Айгуль');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Нет связи с сервером. Проверьте подключение и отправьте ещё раз.',
    );
    expect(nameField(1)).toHaveValue('Асанова Айгуль');
  });
});
