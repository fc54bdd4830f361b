import { dayjs, type TourRequest } from '@tour/shared';
import {
  convertFormValues,
  splitConvertErrors,
  splitTicketErrors,
  ticketBodyOf,
  travellersOf,
} from './ticket-form-values';

const noPassport = {
  birth_date: null,
  citizenship: '',
  passport_number: '',
  passport_issued_at: null,
  passport_expires_at: null,
};

const ticket = {
  id: 3,
  contact_name: 'Асанов Бакыт',
  phone: '+996555000001',
  adults: 1,
  children: 0,
  trip_id: 8,
  travellers: [],
} as unknown as TourRequest;

describe('ticket form values', () => {
  it('sends every key: blanks as null, the dates in order', () => {
    expect(
      ticketBodyOf({
        source: 'office',
        contact_name: '  Асанов Бакыт ',
        phone: ' ',
        email: '',
        prepared_tour_id: null,
        trip_id: 4,
        dates: [dayjs('2026-10-08'), dayjs('2026-10-01')],
        adults: 2,
        children: 0,
        comment: '  ',
      }),
    ).toEqual({
      source: 'office',
      contact_name: 'Асанов Бакыт',
      phone: null,
      email: null,
      prepared_tour_id: null,
      trip_id: 4,
      date_from: '2026-10-01',
      date_to: '2026-10-08',
      adults: 2,
      children: 0,
      comment: null,
    });
    expect(ticketBodyOf({ source: 'site', dates: [dayjs('2026-10-01'), null] })).toMatchObject({
      date_from: '2026-10-01',
      date_to: null,
    });
  });

  it('puts the server errors under their fields', () => {
    expect(
      splitTicketErrors({ date_to: ['Дата окончания раньше'], phone: ['Неверный'], x: ['Иное'] }),
    ).toEqual({
      fields: [
        { name: ['dates'], errors: ['Дата окончания раньше'] },
        { name: ['phone'], errors: ['Неверный'] },
      ],
      other: ['Иное'],
    });
  });

  it('sizes the conversion to the companions and maps their errors', () => {
    expect(convertFormValues(ticket)).toEqual({ trip_id: 8, travellers: [] });
    expect(convertFormValues({ ...ticket, adults: 2, children: 2 }).travellers).toHaveLength(3);
    expect(
      travellersOf({ travellers: [{ full_name: ' Ким Ли ', phone: '', email: 'a@b.kg' }] }),
    ).toEqual([
      {
        full_name: 'Ким Ли',
        phone: null,
        email: 'a@b.kg',
        birth_date: null,
        citizenship: null,
        passport_number: null,
        passport_issued_at: null,
        passport_expires_at: null,
      },
    ]);
    expect(
      travellersOf({
        travellers: [
          {
            full_name: 'Ким Ли',
            birth_date: dayjs('1990-05-17'),
            citizenship: ' Кыргызстан ',
            passport_number: ' AC1234567 ',
            passport_issued_at: dayjs('2021-04-05'),
            passport_expires_at: dayjs('2031-04-04'),
          },
        ],
      }),
    ).toEqual([
      {
        full_name: 'Ким Ли',
        phone: null,
        email: null,
        birth_date: '1990-05-17',
        citizenship: 'Кыргызстан',
        passport_number: 'AC1234567',
        passport_issued_at: '2021-04-05',
        passport_expires_at: '2031-04-04',
      },
    ]);
    expect(
      splitConvertErrors({
        'travellers.2.email': ['Неверный email'],
        'travellers.1.passport_expires_at': ['Срок действия паспорта истёк'],
        'travellers.0.user_id': ['Уже участник'],
        trip_id: ['Тур не найден'],
        phone: ['Неверный номер'],
      }),
    ).toEqual({
      fields: [
        { name: ['travellers', 2, 'email'], errors: ['Неверный email'] },
        {
          name: ['travellers', 1, 'passport_expires_at'],
          errors: ['Срок действия паспорта истёк'],
        },
        { name: ['travellers', 0, 'full_name'], errors: ['Уже участник'] },
        { name: ['trip_id'], errors: ['Тур не найден'] },
      ],
      other: ['Неверный номер'],
    });
  });

  it("fills the companions with an agent's travellers, the contact left out", () => {
    const agents = {
      ...ticket,
      adults: 3,
      travellers: [
        { full_name: 'Асанов Бакыт', phone: '+996555000001' },
        { full_name: 'Асанова Айжан', phone: '+996555000002' },
        { full_name: 'Асанов Тимур', phone: null },
      ],
    };
    expect(convertFormValues(agents)).toEqual({
      trip_id: 8,
      travellers: [
        { full_name: 'Асанова Айжан', phone: '+996555000002', email: '', ...noPassport },
        { full_name: 'Асанов Тимур', phone: '', email: '', ...noPassport },
      ],
    });
    // The contact was changed by hand: every traveller is a companion then.
    expect(
      convertFormValues({ ...agents, contact_name: 'Жумабеков Азамат' }).travellers.map(
        (row) => row.full_name,
      ),
    ).toEqual(['Асанов Бакыт', 'Асанова Айжан', 'Асанов Тимур']);
  });
});
