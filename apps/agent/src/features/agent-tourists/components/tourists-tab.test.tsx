import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installFakeApi, invalid, page } from '@tour/shared/testing';
import { aigul, bakyt, textOf } from '../../../testing/agent';
import { renderRoute } from '../../../testing/render-route';

installFakeApi();

const LIST = 'GET /agent/tourists';
const URL_OF_LIST = '/admin/agent/tourists';

function rowOf(name: string) {
  const table = screen.getByRole('table', { name: 'Туристы' });
  return within(table).getByText(name).closest('tr')!;
}

function cellsOf(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => textOf(cell));
}

const itemOf = (field: HTMLElement) => field.closest('.ant-form-item') as HTMLElement;

describe('agent-tourists: «Туристы»', () => {
  it('lists the tourists with their readiness, debts and trips', async () => {
    fakeApi.ok(
      LIST,
      page([
        aigul(),
        bakyt(),
        aigul({
          id: 9,
          full_name: 'Токтогулов Эрлан',
          email: null,
          passport_expires_at: '2027-01-20',
          problems: ['passport_expires'],
          owes: [],
          trips: [],
        }),
      ]),
    );
    renderRoute('agent-tourists');
    expect(screen.getByRole('heading', { level: 2, name: 'Туристы' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Туристы', selected: true })).toBeInTheDocument();
    await screen.findByText('Асанова Айгуль');

    // The first cell is the row's expand button.
    expect(cellsOf(rowOf('Асанова Айгуль')).slice(1)).toEqual([
      'Асанова Айгульaigul@example.kg',
      '+996700123456',
      '01.05.2031',
      'Готов',
      'С12 500,00$1 000,00',
      '1',
      'Изменить',
    ]);
    expect(cellsOf(rowOf('Асанов Бакыт')).slice(1)).toEqual([
      'Асанов Бакыт',
      '—',
      '—',
      'Нет паспортаНет даты рождения',
      '—',
      '0',
      'Изменить',
    ]);
    expect(cellsOf(rowOf('Токтогулов Эрлан'))[4]).toBe('Паспорт истекает');
    expect(fakeApi.requests(LIST).map((request) => request.params)).toEqual([{ page: '1' }]);

    // A tourist with trips expands to show them.
    await userEvent.click(
      within(rowOf('Асанова Айгуль')).getByRole('button', { name: /развернуть/i }),
    );
    const trips = await screen.findByRole('table', { name: 'Туры туриста: Асанова Айгуль' });
    expect(
      within(trips)
        .getAllByRole('row')
        .slice(1)
        .map((row) => cellsOf(row)),
    ).toEqual([
      [
        'Классическая Япония',
        '01.12.2026 – 10.12.2026',
        'Подтверждён',
        'Подтверждён',
        '$1 500,00',
        '$500,00',
        '$1 000,00',
        'Готов',
        'Пакет туриста',
        'Счёт',
      ],
    ]);
    // The tourist's travel pack for that trip, named for whom and which trip.
    expect(
      within(trips).getByRole('button', {
        name: 'Пакет туриста: Асанова Айгуль, Классическая Япония',
      }),
    ).toBeInTheDocument();
  });

  it('downloads the agent’s invoice for a trip of its tourist', async () => {
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:invoice';
    URL.revokeObjectURL = () => undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      fakeApi.ok(LIST, page([aigul()]));
      fakeApi.on('GET /agent/trip/41/invoice', {
        status: 200,
        data: new Blob(['PK']),
        headers: {
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('Счёт агенту № 5 - Агентство.docx')}`,
        },
      });
      renderRoute('agent-tourists');
      await screen.findByText('Асанова Айгуль');
      await userEvent.click(
        within(rowOf('Асанова Айгуль')).getByRole('button', { name: /развернуть/i }),
      );
      const trips = await screen.findByRole('table', { name: 'Туры туриста: Асанова Айгуль' });
      await userEvent.click(within(trips).getByRole('button', { name: 'Счёт' }));
      await waitFor(() => expect(saved).toEqual(['Счёт агенту № 5 - Агентство.docx']));
      expect(fakeApi.requests('GET /agent/trip/41/invoice')).toHaveLength(1);
    } finally {
      click.mockRestore();
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('searches on Enter through the URL, and pages', async () => {
    fakeApi.ok(LIST, page([aigul()], { total: 41 }));
    const view = renderRoute('agent-tourists', { url: `${URL_OF_LIST}?page=2` });
    await screen.findByText('Асанова Айгуль');
    expect(fakeApi.requests(LIST)[0]!.params).toEqual({ page: '2' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Поиск туриста' }), 'AC123{Enter}');
    await waitFor(() => expect(view.location()).toBe(`${URL_OF_LIST}?search=AC123`));
    await waitFor(() =>
      expect(fakeApi.requests(LIST).at(-1)!.params).toEqual({ page: '1', search: 'AC123' }),
    );
  });

  it('edits a tourist in a drawer, sending the whole body; a refusal shows under «Email»', async () => {
    fakeApi.ok(LIST, page([aigul()]));
    fakeApi.ok('GET /agent/tourists/7', aigul());
    fakeApi.on(
      'PUT /agent/tourists/7',
      invalid({ email: ['Этот email уже занят другим пользователем'] }),
    );
    const view = renderRoute('agent-tourists');
    await screen.findByText('Асанова Айгуль');
    // The drawer is not mounted before it is opened.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Изменить: Асанова Айгуль' }));
    expect(view.location()).toBe(`${URL_OF_LIST}?tourist=7`);
    const drawer = await screen.findByRole('dialog');
    const email = await within(drawer).findByLabelText('Email');
    expect(email).toHaveValue('aigul@example.kg');
    expect(within(drawer).getByLabelText('Дата рождения')).toHaveValue('08.03.1990');
    expect(within(drawer).getByLabelText('Паспорт действителен до')).toHaveValue('01.05.2031');

    await userEvent.clear(email);
    await userEvent.type(email, 'bakyt@example.kg');
    await userEvent.clear(within(drawer).getByLabelText('Гражданство'));
    await userEvent.type(within(drawer).getByLabelText('Заметки'), 'Вегетарианка');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() =>
      expect(itemOf(within(drawer).getByLabelText('Email'))).toHaveTextContent(
        'Этот email уже занят другим пользователем',
      ),
    );
    expect(fakeApi.requests('PUT /agent/tourists/7').map((sent) => sent.data)).toEqual([
      {
        full_name: 'Асанова Айгуль',
        email: 'bakyt@example.kg',
        phone: '+996700123456',
        birth_date: '1990-03-08',
        citizenship: null,
        passport_number: 'AC1234567',
        passport_issued_at: '2021-05-01',
        passport_expires_at: '2031-05-01',
        notes: 'Вегетарианка',
      },
    ]);
    // Nothing changed: the drawer stays with what was typed, the list is not reloaded.
    expect(within(drawer).getByLabelText('Email')).toHaveValue('bakyt@example.kg');
    expect(within(drawer).getByLabelText('Заметки')).toHaveValue('Вегетарианка');
    expect(view.location()).toBe(`${URL_OF_LIST}?tourist=7`);
    expect(fakeApi.requests(LIST)).toHaveLength(1);
  });

  it('adds a tourist: the blank fields go as null, and the list reloads', async () => {
    fakeApi.ok(LIST, page([aigul()]));
    fakeApi.ok('POST /agent/tourists', bakyt());
    const view = renderRoute('agent-tourists');
    await screen.findByText('Асанова Айгуль');

    await userEvent.click(screen.getByRole('button', { name: 'Добавить туриста' }));
    expect(view.location()).toBe(`${URL_OF_LIST}?tourist=new`);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Новый турист')).toBeInTheDocument();

    // The form's own rules first: a name, a phone of 7 to 15 digits.
    await userEvent.type(within(drawer).getByLabelText('Телефон'), '12-34');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Добавить туриста' }));
    expect(await within(drawer).findByText('Обязательное поле')).toBeInTheDocument();
    expect(
      within(drawer).getByText('Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'),
    ).toBeInTheDocument();
    expect(fakeApi.requests('POST /agent/tourists')).toHaveLength(0);

    await userEvent.type(within(drawer).getByLabelText('ФИО'), 'Асанов Бакыт');
    await userEvent.clear(within(drawer).getByLabelText('Телефон'));
    await userEvent.type(within(drawer).getByLabelText('Телефон'), '+996 555 000 111');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Добавить туриста' }));

    await waitFor(() => expect(view.location()).toBe(URL_OF_LIST));
    expect(fakeApi.requests('POST /agent/tourists').map((sent) => sent.data)).toEqual([
      {
        full_name: 'Асанов Бакыт',
        email: null,
        phone: '+996 555 000 111',
        birth_date: null,
        citizenship: null,
        passport_number: null,
        passport_issued_at: null,
        passport_expires_at: null,
        notes: null,
      },
    ]);
    expect(await screen.findByText('Турист добавлен')).toBeInTheDocument();
    await waitFor(() => expect(fakeApi.requests(LIST)).toHaveLength(2));
  });
});
