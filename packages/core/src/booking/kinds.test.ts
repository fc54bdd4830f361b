import { BOOKING_KIND_NAMES, BOOKING_KINDS, isBookingKind } from './kinds';

describe('booking kinds', () => {
  it('are the seven kinds of the booking section, labelled as its sidebar', () => {
    expect(BOOKING_KIND_NAMES).toEqual([
      'hotel',
      'air_ticket',
      'health_insurance',
      'transfer',
      'guide',
      'activity',
      'tour_expense',
    ]);
    expect(BOOKING_KIND_NAMES.map((kind) => BOOKING_KINDS[kind].label)).toEqual([
      'Отели',
      'Авиабилеты',
      'Мед. страховка',
      'Трансфер',
      'Гид/Сопровождение',
      'Входные билеты',
      'Прочие расходы',
    ]);
  });

  it('tells a kind from anything else', () => {
    expect(isBookingKind('hotel')).toBe(true);
    expect(isBookingKind('toString')).toBe(false);
    expect(isBookingKind('hotels')).toBe(false);
    expect(isBookingKind(1)).toBe(false);
  });
});
