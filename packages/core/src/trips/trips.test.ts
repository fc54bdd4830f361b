import {
  canConvertRequest,
  canMoveTrip,
  defaultTripManager,
  isActiveParticipation,
  nearestTrip,
  nextRequestStatuses,
  nextTripStatuses,
  suggestTourKey,
  TOUR_KEY_PATTERN,
  type TripStatus,
} from './trips';

describe('the trip status flow', () => {
  // The whole table, written out from the issue: one step forward, or cancelled but from completed.
  const allowed: Record<TripStatus, TripStatus[]> = {
    planned: ['confirmed', 'cancelled'],
    confirmed: ['in_progress', 'cancelled'],
    in_progress: ['completed', 'cancelled'],
    completed: [],
    cancelled: [],
  };
  const all = Object.keys(allowed) as TripStatus[];

  it.each(all.flatMap((from) => all.filter((to) => to !== from).map((to) => [from, to])))(
    '%s -> %s follows the table',
    (from, to) => {
      expect(canMoveTrip(from as TripStatus, to as TripStatus)).toBe(
        allowed[from as TripStatus].includes(to as TripStatus),
      );
    },
  );

  it('skips no step and never leaves completed or cancelled', () => {
    expect(canMoveTrip('planned', 'in_progress')).toBe(false);
    expect(canMoveTrip('planned', 'completed')).toBe(false);
    expect(canMoveTrip('completed', 'cancelled')).toBe(false);
    expect(canMoveTrip('cancelled', 'planned')).toBe(false);
    expect(nextTripStatuses('completed')).toEqual([]);
  });

  it('counts staying in a status as no move', () => {
    expect(canMoveTrip('completed', 'completed')).toBe(true);
  });
});

describe('the request status flow', () => {
  it('moves by hand to work and to rejection, and back from rejection to work', () => {
    expect(nextRequestStatuses('new')).toEqual(['in_work', 'rejected']);
    expect(nextRequestStatuses('in_work')).toEqual(['rejected']);
    expect(nextRequestStatuses('rejected')).toEqual(['in_work']);
    expect(nextRequestStatuses('converted')).toEqual([]);
  });

  it('converts only a new request or one in work', () => {
    expect(canConvertRequest('new')).toBe(true);
    expect(canConvertRequest('in_work')).toBe(true);
    expect(canConvertRequest('converted')).toBe(false);
    expect(canConvertRequest('rejected')).toBe(false);
  });
});

describe('suggestTourKey', () => {
  it.each([
    ['Золотое кольцо Японии', 'zolotoe-kolco-yaponii'],
    ['Иссык-Куль и Каракол: 5 дней', 'issyk-kul-i-karakol-5-dnej'],
    ['  Сеул — Пусан  ', 'seul-pusan'],
    ['Tokyo, Kyoto', 'tokyo-kyoto'],
    ['!!!', ''],
  ])('%s -> %s', (title, key) => {
    expect(suggestTourKey(title)).toBe(key);
  });

  it('gives a key the server accepts, at most 100 characters, with no dash at the end', () => {
    const key = suggestTourKey('Очень длинное название '.repeat(10));
    expect(key.length).toBeLessThanOrEqual(100);
    expect(key).toMatch(TOUR_KEY_PATTERN);
  });

  it('accepts only lowercase Latin, digits and single dashes between words', () => {
    expect(TOUR_KEY_PATTERN.test('tokyo-2027')).toBe(true);
    expect(TOUR_KEY_PATTERN.test('Tokyo')).toBe(false);
    expect(TOUR_KEY_PATTERN.test('tokyo--kyoto')).toBe(false);
    expect(TOUR_KEY_PATTERN.test('-tokyo')).toBe(false);
    expect(TOUR_KEY_PATTERN.test('токио')).toBe(false);
  });
});

describe('the trip of a tourist’s documents', () => {
  const trip = (
    trip_id: number,
    starts_on: string,
    ends_on: string,
    status: 'booked' | 'cancelled' = 'booked',
    trip_status: 'planned' | 'cancelled' | 'completed' = 'planned',
  ) => ({ trip_id, starts_on, ends_on, status, trip_status });

  it('is the nearest one not yet ended, neither it nor the place cancelled', () => {
    const trips = [
      trip(1, '2027-03-01', '2027-03-08'),
      trip(2, '2026-12-20', '2026-12-27', 'cancelled'),
      trip(3, '2026-12-22', '2026-12-29', 'booked', 'cancelled'),
      trip(4, '2026-11-01', '2026-11-08', 'booked', 'completed'),
      trip(5, '2027-01-10', '2027-01-15'),
      // Under way today: still the nearest.
      trip(6, '2026-11-25', '2026-11-30'),
    ];
    expect(nearestTrip(trips, '2026-11-28')?.trip_id).toBe(6);
    expect(nearestTrip(trips, '2026-12-01')?.trip_id).toBe(5);
    expect(nearestTrip(trips, '2027-03-09')).toBeNull();
    expect(
      nearestTrip(
        [trip(8, '2027-01-10', '2027-01-12'), trip(7, '2027-01-10', '2027-01-11')],
        '2027-01-01',
      )?.trip_id,
    ).toBe(7);
    expect(isActiveParticipation(trips[1]!)).toBe(false);
  });
});

describe('the manager of a new trip', () => {
  const signedIn = (roles: string[]) => ({ roles, permissions: ['create_trip'] });

  it('is the sales manager who makes it', () => {
    expect(defaultTripManager(7, signedIn(['sales_manager']))).toBe(7);
    expect(defaultTripManager(7, signedIn(['admin', 'sales_manager']))).toBe(7);
  });

  it('is nobody when an administrator or a reservation agent makes it, or nobody is signed in', () => {
    expect(defaultTripManager(7, signedIn(['admin']))).toBeNull();
    expect(defaultTripManager(7, signedIn(['reservation_agent']))).toBeNull();
    expect(defaultTripManager(null, signedIn(['sales_manager']))).toBeNull();
    expect(defaultTripManager(7, 0)).toBeNull();
  });
});
