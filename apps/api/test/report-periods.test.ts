import { monthsOf, periodMonths, tripStartPeriod } from '../src/routes/reports/general';
import { OPEN_END, tallyRange } from '../src/routes/reports/repository';

// The general report's calendar arithmetic, by hand: its period of trip starts, the months a
// period lists, and the whole months it may read from the tally (migration general-report-months).

describe('tripStartPeriod', () => {
  it('runs from 1 January of the current year without an end unless told otherwise', () => {
    expect(tripStartPeriod({}, '2026-11-27')).toEqual({ from: '2026-01-01', to: null });
    expect(tripStartPeriod({ from: '2025-06-01' }, '2026-11-27')).toEqual({
      from: '2025-06-01',
      to: null,
    });
    expect(tripStartPeriod({ to: '2027-03-31' }, '2026-11-27')).toEqual({
      from: '2026-01-01',
      to: '2027-03-31',
    });
  });

  it('refuses a reversed end and one more than ten years after the start', () => {
    expect(() => tripStartPeriod({ from: '2026-05-01', to: '2026-04-30' })).toThrow();
    expect(() => tripStartPeriod({ from: '2016-01-01', to: '2026-01-02' })).toThrow();
    expect(tripStartPeriod({ from: '2016-01-01', to: '2026-01-01' }).to).toBe('2026-01-01');
  });

  it('runs an open period at least to the end of the year: ten years before it at most', () => {
    expect(tripStartPeriod({ from: '2016-12-31' }, '2026-11-27')).toEqual({
      from: '2016-12-31',
      to: null,
    });
    expect(() => tripStartPeriod({ from: '2016-12-30' }, '2026-11-27')).toThrow();
    expect(tripStartPeriod({ from: '2040-01-01' }, '2026-11-27').to).toBeNull();
  });
});

describe('periodMonths', () => {
  it('lists the months of a closed period', () => {
    expect(periodMonths({ from: '2026-03-15', to: '2026-05-01' }, '2027-01-10')).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
    ]);
  });

  it('runs an open period to the last start, at least to December of the current year', () => {
    const open = { from: '2026-01-01', to: null };
    expect(periodMonths(open, '2027-02-10', '2026-11-27')).toHaveLength(14);
    expect(periodMonths(open, '2027-02-10', '2026-11-27').at(-1)).toBe('2027-02');
    expect(periodMonths(open, '2026-04-01', '2026-11-27').at(-1)).toBe('2026-12');
    expect(periodMonths(open, null, '2026-11-27')).toHaveLength(12);
    // A start after the current year, and no trip: just its own month.
    expect(periodMonths({ from: '2028-05-01', to: null }, null, '2026-11-27')).toEqual(['2028-05']);
    // A start typed decades ahead: ten years of months, no more.
    const far = periodMonths(open, '2099-05-01', '2026-11-27');
    expect([far.length, far.at(-1)]).toEqual([120, '2035-12']);
  });
});

describe('monthsOf', () => {
  it('lists every month the period touches, across years', () => {
    expect(monthsOf('2030-11-15', '2031-02-01')).toEqual([
      '2030-11',
      '2030-12',
      '2031-01',
      '2031-02',
    ]);
    expect(monthsOf('2031-03-31', '2031-03-31')).toEqual(['2031-03']);
    expect(monthsOf('2031-01-01', '2031-12-31')).toHaveLength(12);
    // The first and the last month a date of the API can name.
    expect(monthsOf('0001-01-01', '0001-02-28')).toEqual(['0001-01', '0001-02']);
    expect(monthsOf('9999-11-02', '9999-12-31')).toEqual(['9999-11', '9999-12']);
  });
});

describe('tallyRange', () => {
  it('takes the whole months within the period', () => {
    expect(tallyRange({ from: '2031-01-01', to: '2031-12-31' })).toEqual({
      first: '2031-01-01',
      last: '2031-12-31',
    });
    // A leap February ends on the 29th; a period from the 2nd to the 30th of a 31-day month
    // leaves both edge months out.
    expect(tallyRange({ from: '2032-01-15', to: '2032-02-29' })).toEqual({
      first: '2032-02-01',
      last: '2032-02-29',
    });
    expect(tallyRange({ from: '2031-01-02', to: '2031-03-30' })).toEqual({
      first: '2031-02-01',
      last: '2031-02-28',
    });
    expect(tallyRange({ from: '2030-12-01', to: '2031-01-31' })).toEqual({
      first: '2030-12-01',
      last: '2031-01-31',
    });
  });

  it('is empty (at the period’s end) without a whole month or with another filter', () => {
    const none = { first: '2031-03-30', last: '2031-03-29' };
    expect(tallyRange({ from: '2031-03-02', to: '2031-03-30' })).toEqual(none);
    expect(tallyRange({ from: '2031-02-15', to: '2031-03-30' })).toEqual(none);
    const year = { from: '2031-01-01', to: '2031-12-31' };
    const atEnd = { first: '2031-12-31', last: '2031-12-30' };
    expect(tallyRange({ ...year, status: 'planned' })).toEqual(atEnd);
    expect(tallyRange({ ...year, managerId: 7 })).toEqual(atEnd);
    expect(tallyRange({ ...year, country: 'Япония' })).toEqual(atEnd);
  });

  it('reads every month from the start on for a period without an end', () => {
    expect(OPEN_END).toBe('9999-12-31');
    expect(tallyRange({ from: '2026-01-01', to: OPEN_END })).toEqual({
      first: '2026-01-01',
      last: '9999-12-31',
    });
    const none = { first: '9999-12-31', last: '9999-12-30' };
    expect(tallyRange({ from: '2026-01-01', to: OPEN_END, status: 'planned' })).toEqual(none);
    // No whole month after a start in the last month a date can name.
    expect(tallyRange({ from: '9999-12-02', to: OPEN_END })).toEqual(none);
  });
});
