import { emptyTourForm, saveBodyOf, splitServerErrors } from './tour-form-values';

describe('saveBodyOf', () => {
  it('sends only the chosen agent term, amounts as decimal strings, days from the itinerary', () => {
    const body = saveBodyOf({
      ...emptyTourForm(),
      title: ' Иссык-Куль ',
      key: 'issyk-kul',
      country: 'Кыргызстан',
      cities: [' Чолпон-Ата ', ''],
      days: 9,
      itinerary: [
        { title: ' Бишкек ', description: '' },
        { title: 'Озеро', description: ' Пляж ' },
      ],
      base_price: '35 000,50',
      currency: 'kgs',
      agent_terms: 'price',
      agent_price: '31\u00a0000',
      agent_commission: 10,
    });
    expect(body).toEqual({
      title: 'Иссык-Куль',
      key: 'issyk-kul',
      country: 'Кыргызстан',
      cities: ['Чолпон-Ата'],
      days: 2,
      itinerary: [
        { title: 'Бишкек', description: '' },
        { title: 'Озеро', description: 'Пляж' },
      ],
      included: [],
      not_included: [],
      base_price: '35000.50',
      currency: 'kgs',
      agent_price: '31000',
      agent_commission: null,
      published: false,
      // An empty «Памятка туристу» clears it: the form always says what it holds.
      memo: null,
    });
    expect(
      saveBodyOf({ ...emptyTourForm(), days: 5, agent_terms: 'none', agent_price: '10' }),
    ).toMatchObject({ days: 5, agent_price: null, agent_commission: null });
  });
});

describe('splitServerErrors', () => {
  it('puts each error under the field on screen, a day title by its day, the rest aside', () => {
    expect(
      splitServerErrors(
        {
          'itinerary.1.title': ['Укажите название дня'],
          'itinerary.4.title': ['Укажите название дня'],
          'cities.0': ['Не длиннее 100 символов'],
          cities: ['Не больше 50 городов'],
          agent_price: ['Укажите либо цену для агентов, либо комиссию, не обе'],
          agent_commission: ['Укажите либо цену для агентов, либо комиссию, не обе'],
          id: ['Тур не найден'],
        },
        'commission',
        2,
      ),
    ).toEqual({
      fields: [
        { name: ['itinerary', 1, 'title'], errors: ['Укажите название дня'] },
        { name: 'cities', errors: ['Не длиннее 100 символов', 'Не больше 50 городов'] },
        {
          name: 'agent_commission',
          errors: ['Укажите либо цену для агентов, либо комиссию, не обе'],
        },
      ],
      other: [
        'Укажите название дня',
        'Укажите либо цену для агентов, либо комиссию, не обе',
        'Тур не найден',
      ],
    });
  });
});
