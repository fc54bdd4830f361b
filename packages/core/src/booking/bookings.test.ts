import { BOOKING_KIND_NAMES } from './kinds';
import {
  BOOKING_DETAIL_FIELDS,
  BOOKING_KIND_ROUTES,
  BOOKING_REQUIRED_DETAILS,
  bookingCostOf,
  hasComputedCost,
  inclusiveDays,
  isSingleDayKind,
  owesSupplier,
  PAYMENT_STATE_LIST,
  paymentStateOf,
  roomPlanSummary,
  ROOM_TYPES,
} from './bookings';

// The booking vocabulary's rules (DESIGN.md 3 "Bookings", 3b), expected values written by hand.

describe('bookingCostOf', () => {
  it('is the cost, or when cancelled the penalty (none: nothing)', () => {
    expect(bookingCostOf({ status: 'requested', cost: 80000, penalty: null })).toBe(80000);
    expect(bookingCostOf({ status: 'confirmed', cost: 80000, penalty: null })).toBe(80000);
    expect(bookingCostOf({ status: 'cancelled', cost: 80000, penalty: 10000 })).toBe(10000);
    expect(bookingCostOf({ status: 'cancelled', cost: 80000, penalty: null })).toBe(0);
  });
});

describe('paymentStateOf', () => {
  it.each([
    [80000, 0, 'unpaid'],
    [80000, -500, 'unpaid'],
    [80000, 1, 'partly_paid'],
    [80000, 79999, 'partly_paid'],
    [80000, 80000, 'paid'],
    [80000, 90000, 'overpaid'],
    // Cancelled without a penalty: nothing to pay; a deposit paid before waits to come back.
    [0, 0, 'nothing_due'],
    [0, 20000, 'overpaid'],
    [0, -500, 'nothing_due'],
  ] as const)('cost %i, paid %i: %s', (cost, paid, state) => {
    expect(paymentStateOf(cost, paid)).toBe(state);
  });

  it('owes the supplier only while unpaid or partly paid', () => {
    expect(PAYMENT_STATE_LIST.filter(owesSupplier)).toEqual(['unpaid', 'partly_paid']);
  });
});

describe('roomPlanSummary', () => {
  it('counts the rooms by type in the types’ order', () => {
    expect(
      roomPlanSummary([
        { room_type: 'SGL' },
        { room_type: 'DBL' },
        { room_type: 'TWN' },
        { room_type: 'DBL' },
      ]),
    ).toBe('SGL × 1, DBL × 2, TWN × 1');
    expect(roomPlanSummary([])).toBe('');
  });
});

describe('inclusiveDays', () => {
  it('counts both ends, across months, a leap day and a year', () => {
    expect(inclusiveDays('2027-03-01', '2027-03-01')).toBe(1);
    expect(inclusiveDays('2027-03-01', '2027-03-05')).toBe(5);
    expect(inclusiveDays('2028-02-28', '2028-03-01')).toBe(3);
    expect(inclusiveDays('2027-12-30', '2028-01-02')).toBe(4);
    // The day summer time starts in Europe is a whole day too.
    expect(inclusiveDays('2027-03-27', '2027-03-29')).toBe(3);
  });
});

describe('the kinds’ shapes', () => {
  it('says which kinds last one day and which have their cost computed', () => {
    expect(BOOKING_KIND_NAMES.filter(isSingleDayKind)).toEqual([
      'transfer',
      'activity',
      'tour_expense',
    ]);
    expect(BOOKING_KIND_NAMES.filter(hasComputedCost)).toEqual(['air_ticket', 'guide', 'activity']);
  });

  it('requires only fields a kind keeps, and routes every kind to its month view', () => {
    for (const kind of BOOKING_KIND_NAMES) {
      const kept: readonly string[] = BOOKING_DETAIL_FIELDS[kind];
      expect(BOOKING_REQUIRED_DETAILS[kind].filter((field) => !kept.includes(field))).toEqual([]);
    }
    expect(BOOKING_KIND_ROUTES).toEqual({
      hotel: 'booking-hotels',
      air_ticket: 'booking-air-tickets',
      health_insurance: 'booking-health-insurance',
      transfer: 'booking-transfer',
      guide: 'booking-guide',
      activity: 'booking-activity',
      tour_expense: 'booking-tour-expense',
    });
    expect(Object.values(ROOM_TYPES).map((type) => type.places)).toEqual([1, 2, 2, 3]);
  });
});
