import { addDays, businessToday } from './business-day';

// Dates moved by days as a calendar does, the values worked out by hand.
describe('addDays', () => {
  it('moves across months, years and leap days', () => {
    expect(addDays('2026-07-03', 0)).toBe('2026-07-03');
    expect(addDays('2026-07-03', 13)).toBe('2026-07-16');
    expect(addDays('2026-07-31', 1)).toBe('2026-08-01');
    expect(addDays('2026-12-28', 5)).toBe('2027-01-02');
    expect(addDays('2027-01-02', -5)).toBe('2026-12-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('1970-01-01', -1)).toBe('1969-12-31');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
    expect(addDays('2028-01-01', 366)).toBe('2029-01-01');
    expect(addDays('0001-01-02', -1)).toBe('0001-01-01');
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
  });
});

describe('businessToday', () => {
  it('is the day in Bishkek (UTC+6)', () => {
    expect(businessToday(new Date('2026-07-03T17:59:00Z'))).toBe('2026-07-03');
    expect(businessToday(new Date('2026-07-03T18:00:00Z'))).toBe('2026-07-04');
  });
});
