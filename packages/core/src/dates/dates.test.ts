import {
  API_DATE_FORMAT,
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  MONTH_PARAM_FORMAT,
  type Dayjs,
  createDisabledDate,
  currentMonthParam,
  dayjs,
  formatDate,
  formatDateTime,
  formatMonthParam,
  monthParamOrCurrent,
  normalizeRange,
  parseMonthParam,
  toApiDate,
  toDayjs,
  tripStartPeriodText,
} from './dates';

describe('dayjs configuration', () => {
  it('uses the ru locale, where the week starts on Monday', () => {
    expect(dayjs.locale()).toBe('ru');
    const monday = dayjs('2026-11-21').startOf('week');
    expect(monday.format(DATE_FORMAT)).toBe('16.11.2026');
    expect(monday.day()).toBe(1);
    expect(dayjs('2026-11-22').weekday(0).format(DATE_FORMAT)).toBe('16.11.2026');
    expect(dayjs.localeData().firstDayOfWeek()).toBe(1);
    expect(dayjs('2026-11-21').format('MMMM')).toBe('ноябрь');
  });

  it('parses strictly with customParseFormat', () => {
    expect(dayjs('21.11.2026', DATE_FORMAT, true).isValid()).toBe(true);
    expect(dayjs('31.02.2026', DATE_FORMAT, true).isValid()).toBe(false);
  });

  it('has the formats of SPEC 9 and DESIGN', () => {
    expect(DATE_FORMAT).toBe('DD.MM.YYYY');
    expect(API_DATE_FORMAT).toBe('YYYY-MM-DD');
    expect(MONTH_PARAM_FORMAT).toBe('MM-YYYY');
  });
});

describe('toDayjs, formatDate and toApiDate', () => {
  it('formats dates of every kind as DD.MM.YYYY', () => {
    expect(formatDate('2026-11-21')).toBe('21.11.2026');
    expect(formatDate(' 2026-11-21 ')).toBe('21.11.2026');
    expect(formatDate('21.11.2026')).toBe('21.11.2026');
    expect(formatDate('1.2.2026')).toBe('01.02.2026');
    expect(formatDate('2026-11-21T10:30:00')).toBe('21.11.2026');
    expect(formatDate('2026-11-21 23:59')).toBe('21.11.2026');
    expect(formatDate(new Date(2026, 10, 21, 12))).toBe('21.11.2026');
    expect(formatDate(new Date(2026, 0, 5).getTime())).toBe('05.01.2026');
    expect(formatDate(dayjs('2026-03-08'))).toBe('08.03.2026');
  });

  it('gives an empty string for empty or invalid values', () => {
    for (const value of [
      null,
      undefined,
      '',
      '   ',
      'garbage',
      '2026-02-30',
      '2026-13-01',
      '31.02.2026',
    ]) {
      expect(formatDate(value)).toBe('');
    }
    expect(formatDate('11/21/2026')).toBe('');
    expect(formatDate('2026-13-01T00:00')).toBe('');
    expect(formatDate('2026-02-30 10:00')).toBe('');
    expect(formatDate('2026-11-21Tlunch')).toBe('');
    expect(formatDate(new Date(NaN))).toBe('');
    expect(formatDate(dayjs('nope'))).toBe('');
    expect(toDayjs(NaN)).toBeNull();
  });

  it('formats a moment as DD.MM.YYYY HH:mm in the local time zone', () => {
    expect(DATE_TIME_FORMAT).toBe('DD.MM.YYYY HH:mm');
    expect(formatDateTime('2026-11-05T14:30:00')).toBe('05.11.2026 14:30');
    expect(formatDateTime(new Date(2026, 0, 2, 9, 5))).toBe('02.01.2026 09:05');
    expect(formatDateTime('2026-11-21')).toBe('21.11.2026 00:00');
    const utc = '2026-11-03T09:15:00.000Z';
    expect(formatDateTime(utc)).toBe(dayjs(utc).format('DD.MM.YYYY HH:mm'));
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('2026-02-30T10:00')).toBe('');
  });

  it('formats API dates as YYYY-MM-DD', () => {
    expect(toApiDate('21.11.2026')).toBe('2026-11-21');
    expect(toApiDate(dayjs('2026-01-02T05:00'))).toBe('2026-01-02');
    expect(toApiDate(null)).toBe('');
    expect(toApiDate('bad')).toBe('');
  });

  it('keeps the moment of a Dayjs, Date or timestamp', () => {
    const moment = dayjs('2026-11-21T10:20:30.456');
    expect(toDayjs(moment)?.valueOf()).toBe(moment.valueOf());
    expect(toDayjs(moment.toDate())?.valueOf()).toBe(moment.valueOf());
    expect(toDayjs(moment.valueOf())?.valueOf()).toBe(moment.valueOf());
    expect(toDayjs('2026-11-21T10:20:30.456')?.valueOf()).toBe(moment.valueOf());
  });
});

describe('month parameter', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('parses a strict MM-YYYY to the first day of the month', () => {
    expect(parseMonthParam('11-2026')?.format(API_DATE_FORMAT)).toBe('2026-11-01');
    expect(parseMonthParam('01-2027')?.format(API_DATE_FORMAT)).toBe('2027-01-01');
  });

  it('rejects anything else', () => {
    for (const param of ['1-2026', '13-2026', '00-2026', '2026-11', '11-26', '11-2026x', 'x', '']) {
      expect(parseMonthParam(param)).toBeNull();
    }
    expect(parseMonthParam()).toBeNull();
    expect(parseMonthParam(null)).toBeNull();
  });

  it('formats a month parameter', () => {
    expect(formatMonthParam('2026-01-15')).toBe('01-2026');
    expect(formatMonthParam(dayjs('2026-12-31T23:00'))).toBe('12-2026');
    expect(formatMonthParam(undefined)).toBe('');
  });

  it('gives the current month, or the month of `now`', () => {
    jest.useFakeTimers({ now: new Date(2026, 10, 21, 12) });
    expect(currentMonthParam()).toBe('11-2026');
    expect(currentMonthParam('2025-02-10')).toBe('02-2025');
    expect(currentMonthParam('bad')).toBe('11-2026');
  });

  it('defaults to the current month when the parameter is missing or invalid', () => {
    jest.useFakeTimers({ now: new Date(2026, 10, 21, 12) });
    expect(monthParamOrCurrent('03-2026')).toBe('03-2026');
    expect(monthParamOrCurrent()).toBe('11-2026');
    expect(monthParamOrCurrent('2026-03')).toBe('11-2026');
    expect(monthParamOrCurrent(null, '2024-07-01')).toBe('07-2024');
  });
});

describe('createDisabledDate', () => {
  const disabledDate = createDisabledDate({
    min: '2026-11-10',
    max: dayjs('2026-11-20T08:00'),
    disabled: ['2026-11-15', new Date(2026, 10, 17, 18), dayjs('2026-11-18T23:59'), 'bad', null],
  });

  it('rejects days before the minimum and after the maximum, by day', () => {
    expect(disabledDate(dayjs('2026-11-09T23:59'))).toBe(true);
    expect(disabledDate(dayjs('2026-11-10T00:00'))).toBe(false);
    expect(disabledDate(dayjs('2026-11-20T23:59'))).toBe(false);
    expect(disabledDate(dayjs('2026-11-21T00:00'))).toBe(true);
  });

  it('rejects the listed days, at any time of day', () => {
    expect(disabledDate(dayjs('2026-11-15T13:00'))).toBe(true);
    expect(disabledDate(dayjs('2026-11-17'))).toBe(true);
    expect(disabledDate(dayjs('2026-11-18T00:01'))).toBe(true);
    expect(disabledDate(dayjs('2026-11-16'))).toBe(false);
  });

  it('accepts everything without limits and ignores empty or invalid input', () => {
    const open = createDisabledDate();
    expect(open(dayjs('1900-01-01'))).toBe(false);
    expect(open(dayjs('2999-12-31'))).toBe(false);
    expect(disabledDate(null)).toBe(false);
    expect(disabledDate(undefined)).toBe(false);
    expect(disabledDate(dayjs('nope'))).toBe(false);
    expect(createDisabledDate({ min: 'bad', max: null })(dayjs('2026-11-21'))).toBe(false);
    expect(createDisabledDate({ max: '2026-11-20' })(dayjs('2026-11-21'))).toBe(true);
  });
});

describe('normalizeRange', () => {
  const early = dayjs('2026-11-10');
  const late = dayjs('2026-11-20');

  it('swaps the dates when the start is later than the end', () => {
    expect(normalizeRange([late, early])).toEqual([early, late]);
  });

  it('keeps ordered and equal ranges as they are, in a new array', () => {
    const range: readonly [Dayjs, Dayjs] = [early, late];
    const result = normalizeRange(range);
    expect(result).toEqual([early, late]);
    expect(result).not.toBe(range);
    expect(normalizeRange([early, early])).toEqual([early, early]);
  });

  it('is null-safe', () => {
    expect(normalizeRange([null, early])).toEqual([null, early]);
    expect(normalizeRange([late, null])).toEqual([late, null]);
    expect(normalizeRange([undefined, undefined])).toEqual([undefined, undefined]);
    expect(normalizeRange(null)).toBeNull();
    expect(normalizeRange(undefined)).toBeNull();
  });
});

describe('tripStartPeriodText', () => {
  it('names the default period: the current year and every later start', () => {
    expect(tripStartPeriodText({ from: '2026-01-01', to: null }, '2026-11-27')).toBe(
      'Туры с началом с 01.01.2026 — текущий год и все более поздние',
    );
    const year = new Date().getFullYear();
    expect(tripStartPeriodText({ from: `${year}-01-01`, to: null })).toBe(
      `Туры с началом с 01.01.${year} — текущий год и все более поздние`,
    );
  });

  it('names another open start, and a closed period', () => {
    expect(tripStartPeriodText({ from: '2025-01-01', to: null }, '2026-11-27')).toBe(
      'Туры с началом с 01.01.2025 и позже',
    );
    expect(tripStartPeriodText({ from: '2026-03-01', to: '2026-05-31' }, '2026-11-27')).toBe(
      'Туры с началом с 01.03.2026 по 31.05.2026',
    );
  });
});
