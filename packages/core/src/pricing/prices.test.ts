import {
  HOTEL_PRICE_VARIANTS,
  isPricedKind,
  PRICE_UNIT_LIST,
  priceUnitsOf,
  priceVariantsOf,
} from './prices';

// The units of issue 33, written by hand: a hotel's room per night (SGL, DBL/TWN, TRPL), an extra
// bed or a child per person per night, a transfer per car, a guide per day, a ticket per person,
// another expense per person or per group.

it('prices a hotel room per night and an extra bed or a child per person', () => {
  expect(priceUnitsOf('hotel', 'SGL')).toEqual(['room_night']);
  expect(priceUnitsOf('hotel', 'DBL')).toEqual(['room_night']);
  expect(priceUnitsOf('hotel', 'TWN')).toEqual(['room_night']);
  expect(priceUnitsOf('hotel', 'TRPL')).toEqual(['room_night']);
  expect(priceUnitsOf('hotel', 'EXB')).toEqual(['person_night']);
  expect(priceUnitsOf('hotel', 'CHD')).toEqual(['person_night']);
  expect(priceUnitsOf('hotel', 'QUAD')).toEqual([]);
  expect(priceUnitsOf('hotel', null)).toEqual([]);
  expect(HOTEL_PRICE_VARIANTS.TRPL.places).toBe(3);
});

it('prices the other kinds by their one unit, another expense per person or group', () => {
  expect(priceUnitsOf('transfer', null)).toEqual(['car']);
  expect(priceUnitsOf('guide', null)).toEqual(['day']);
  expect(priceUnitsOf('activity', 'child')).toEqual(['person']);
  expect(priceUnitsOf('tour_expense', null)).toEqual(['person', 'group']);
  expect(PRICE_UNIT_LIST).toEqual(['room_night', 'person_night', 'car', 'day', 'person', 'group']);
});

it('names the variants of a hotel and a ticket, none of the others', () => {
  expect(priceVariantsOf('hotel')).toEqual(['SGL', 'DBL', 'TWN', 'TRPL', 'EXB', 'CHD']);
  expect(priceVariantsOf('activity')).toEqual(['adult', 'child']);
  expect(priceVariantsOf('transfer')).toEqual([]);
  expect(isPricedKind('guide')).toBe(true);
  expect(isPricedKind('air_ticket')).toBe(false);
  expect(isPricedKind('health_insurance')).toBe(false);
});
