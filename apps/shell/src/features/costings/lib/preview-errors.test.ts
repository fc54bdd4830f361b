import { placeErrors } from './preview-errors';

describe('the preview’s errors, placed', () => {
  it('puts a setting’s under its field, a line’s by its number or key, the rest above', () => {
    expect(
      placeErrors(
        {
          rate_date: ['Нет курса EUR → USD на 26.11.2026'],
          'group_sizes.1': ['Не больше 200'],
          lines: [
            'Строка 2: цена не найдена в прайс-листе',
            'Строка 9: нет цены SGL на 01.10.2027',
          ],
          'lines.0.nights': ['Не больше 60'],
          _: ['Проверьте калькуляцию'],
        },
        2,
      ),
    ).toEqual({
      fields: { rate_date: ['Нет курса EUR → USD на 26.11.2026'], group_sizes: ['Не больше 200'] },
      byLine: [['Строка 1: Не больше 60'], ['Строка 2: цена не найдена в прайс-листе']],
      other: ['Строка 9: нет цены SGL на 01.10.2027', 'Проверьте калькуляцию'],
    });
    expect(placeErrors(null, 1)).toEqual({ fields: {}, byLine: [[]], other: [] });
  });
});
