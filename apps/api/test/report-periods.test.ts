import { monthsOf } from '../src/routes/reports/general';
import { tallyRange } from '../src/routes/reports/repository';

// The general report's calendar arithmetic, by hand: the months a period lists, and the whole
// months it may read from the tally (migration general-report-months).

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

  it('is empty (just after the period) without a whole month or with another filter', () => {
    const none = { first: '2031-03-31', last: '2031-03-30' };
    expect(tallyRange({ from: '2031-03-02', to: '2031-03-30' })).toEqual(none);
    expect(tallyRange({ from: '2031-02-15', to: '2031-03-30' })).toEqual(none);
    const year = { from: '2031-01-01', to: '2031-12-31' };
    const after = { first: '2032-01-01', last: '2031-12-31' };
    expect(tallyRange({ ...year, status: 'planned' })).toEqual(after);
    expect(tallyRange({ ...year, managerId: 7 })).toEqual(after);
    expect(tallyRange({ ...year, country: 'Япония' })).toEqual(after);
  });
});
