import { dayjs } from '@tour/shared';
import { touristBodyOf, touristFormValues } from './tourist-form-values';

describe('touristBodyOf', () => {
  it('sends every field, trimmed, blanks as null and dates as YYYY-MM-DD', () => {
    expect(
      touristBodyOf({
        full_name: '  Асанова Айгуль ',
        email: ' ',
        phone: '+996 700 123 456',
        birth_date: dayjs('1990-03-08'),
        citizenship: 'Кыргызстан',
        passport_number: '',
        passport_issued_at: null,
        passport_expires_at: dayjs('2031-05-01'),
        notes: '',
      }),
    ).toEqual({
      full_name: 'Асанова Айгуль',
      email: null,
      phone: '+996 700 123 456',
      birth_date: '1990-03-08',
      citizenship: 'Кыргызстан',
      passport_number: null,
      passport_issued_at: null,
      passport_expires_at: '2031-05-01',
      notes: null,
    });
  });

  it('starts a new tourist blank', () => {
    expect(touristBodyOf(touristFormValues())).toEqual({
      full_name: '',
      email: null,
      phone: null,
      birth_date: null,
      citizenship: null,
      passport_number: null,
      passport_issued_at: null,
      passport_expires_at: null,
      notes: null,
    });
  });
});
