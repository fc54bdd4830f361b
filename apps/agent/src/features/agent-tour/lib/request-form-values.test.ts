import { requestBodyOf, splitRequestErrors } from './request-form-values';

describe('requestBodyOf', () => {
  it('sends every traveller in order, trimmed, blanks as null', () => {
    expect(
      requestBodyOf({
        trip_id: 41,
        tourists: [
          { full_name: '  Асанова Айгуль ', phone: ' +996 700 123 456 ' },
          { full_name: 'Асанов Бакыт', phone: '   ' },
        ],
        comment: '  ',
      }),
    ).toEqual({
      trip_id: 41,
      tourists: [
        { full_name: 'Асанова Айгуль', phone: '+996 700 123 456' },
        { full_name: 'Асанов Бакыт', phone: null },
      ],
      comment: null,
    });
  });
});

describe('splitRequestErrors', () => {
  it('puts each message under its field, the list’s under the list, the rest above', () => {
    expect(
      splitRequestErrors(
        {
          trip_id: ['Выберите выезд этого тура'],
          tourists: ['Свободных мест на этот выезд: 2'],
          'tourists.1.full_name': ['Укажите ФИО туриста'],
          'tourists.0.phone': ['Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'],
          'tourists.2': ['Лишний турист'],
          'tourists.5.phone': ['Нет такого'],
          comment: ['Не длиннее 5000 символов'],
          agent: ['Нет доступа'],
        },
        3,
      ),
    ).toEqual({
      fields: [
        { name: ['trip_id'], errors: ['Выберите выезд этого тура'] },
        { name: ['tourists'], errors: ['Свободных мест на этот выезд: 2'] },
        { name: ['tourists', 1, 'full_name'], errors: ['Укажите ФИО туриста'] },
        {
          name: ['tourists', 0, 'phone'],
          errors: ['Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'],
        },
        { name: ['tourists', 2, 'full_name'], errors: ['Лишний турист'] },
        { name: ['comment'], errors: ['Не длиннее 5000 символов'] },
      ],
      other: ['Нет такого', 'Нет доступа'],
    });
  });
});
