import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import 'dayjs/locale/ru';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localeData from 'dayjs/plugin/localeData';
import weekday from 'dayjs/plugin/weekday';

dayjs.extend(customParseFormat);
dayjs.extend(localeData);
dayjs.extend(weekday);
// The ru locale starts the week on Monday (SPEC 9).
dayjs.locale('ru');

export { dayjs };
export type { Dayjs };

/** Anything dayjs accepts as a date: string, number, Date, Dayjs, null or undefined. */
export type DateValue = ConfigType;

/** Date display format (SPEC 9). */
export const DATE_FORMAT = 'DD.MM.YYYY';

/** Date-and-time display format (an operation's moment). */
export const DATE_TIME_FORMAT = `${DATE_FORMAT} HH:mm`;

/** Date format of the API and of the rates keys. */
export const API_DATE_FORMAT = 'YYYY-MM-DD';

/** Month-year format of the booking routes' parameter. */
export const MONTH_PARAM_FORMAT = 'MM-YYYY';

const STRICT_DATE_FORMATS = [API_DATE_FORMAT, DATE_FORMAT, 'D.M.YYYY'];
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]/;

/** A valid Dayjs for the value, or null when it is empty or not a date. */
export function toDayjs(value: DateValue): Dayjs | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    for (const format of STRICT_DATE_FORMATS) {
      const parsed = dayjs(text, format, true);
      if (parsed.isValid()) return parsed;
    }
    // Anything else must be an ISO date-time with a real date: Date.parse guesses too freely.
    const isoDate = text.slice(0, 10);
    if (!ISO_DATE_TIME.test(text) || !dayjs(isoDate, API_DATE_FORMAT, true).isValid()) return null;
    const parsed = dayjs(text);
    return parsed.isValid() ? parsed : null;
  }
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

const API_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** DD.MM.YYYY, or '' for an empty or invalid value. */
export function formatDate(value: DateValue): string {
  // The API's own YYYY-MM-DD, the common case, rearranged without dayjs (a costing's 60 lines,
  // a report's thousand rows): the same answer, a real calendar day or ''.
  const day = typeof value === 'string' ? API_DATE.exec(value) : null;
  if (day) {
    const date = new Date(`${value as string}T00:00:00Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value
      ? ''
      : `${day[3]}.${day[2]}.${day[1]}`;
  }
  return toDayjs(value)?.format(DATE_FORMAT) ?? '';
}

/** DD.MM.YYYY HH:mm in the browser's time zone, or '' for an empty or invalid value. */
export function formatDateTime(value: DateValue): string {
  return toDayjs(value)?.format(DATE_TIME_FORMAT) ?? '';
}

/** YYYY-MM-DD, or '' for an empty or invalid value. */
export function toApiDate(value: DateValue): string {
  return toDayjs(value)?.format(API_DATE_FORMAT) ?? '';
}

/** The first day of the month of a strict MM-YYYY parameter, or null when it is not one. */
export function parseMonthParam(param?: string | null): Dayjs | null {
  if (!param) return null;
  const parsed = dayjs(param, MONTH_PARAM_FORMAT, true);
  return parsed.isValid() ? parsed.startOf('month') : null;
}

/** MM-YYYY of a date, or '' for an empty or invalid value. */
export function formatMonthParam(value: DateValue): string {
  return toDayjs(value)?.format(MONTH_PARAM_FORMAT) ?? '';
}

/** MM-YYYY of the current month (or of `now` when given and valid). */
export function currentMonthParam(now?: DateValue): string {
  return (toDayjs(now) ?? dayjs()).format(MONTH_PARAM_FORMAT);
}

/** The parameter when it is a valid MM-YYYY, else the current month (the booking routes' default). */
export function monthParamOrCurrent(param?: string | null, now?: DateValue): string {
  return parseMonthParam(param)?.format(MONTH_PARAM_FORMAT) ?? currentMonthParam(now);
}

/** Limits of a date picker. */
export interface DisabledDateOptions {
  min?: DateValue;
  max?: DateValue;
  disabled?: readonly DateValue[];
}

/** A date picker's disabledDate: true before min, after max, or on a disabled day (by day). */
export function createDisabledDate({ min, max, disabled = [] }: DisabledDateOptions = {}): (
  current: Dayjs | null | undefined,
) => boolean {
  const minDay = toDayjs(min);
  const maxDay = toDayjs(max);
  const disabledDays = new Set(disabled.map(toApiDate).filter(Boolean));
  return (current) => {
    if (!current || !current.isValid()) return false;
    if (minDay && current.isBefore(minDay, 'day')) return true;
    if (maxDay && current.isAfter(maxDay, 'day')) return true;
    return disabledDays.has(current.format(API_DATE_FORMAT));
  };
}

/** The range with its two dates swapped when the start is later than the end (null-safe). */
export function normalizeRange<T extends Dayjs | null | undefined>(range: readonly [T, T]): [T, T];
/** The range with its two dates swapped when the start is later than the end (null-safe). */
export function normalizeRange<T extends Dayjs | null | undefined>(
  range: readonly [T, T] | null | undefined,
): [T, T] | null;
export function normalizeRange<T extends Dayjs | null | undefined>(
  range: readonly [T, T] | null | undefined,
): [T, T] | null {
  if (!range) return null;
  const [start, end] = range;
  return start && end && start.isAfter(end) ? [end, start] : [start, end];
}

/**
 * A period of trip starts as a report states it above its table: «Туры с началом с 01.01.2026 —
 * текущий год и все более поздние» (from 1 January of `today`'s year, without an end), «Туры с
 * началом с 01.03.2026 и позже» (another start, without an end), «Туры с началом с 01.03.2026 по
 * 31.05.2026».
 */
export function tripStartPeriodText(
  period: { from: string; to: string | null },
  today?: DateValue,
): string {
  const from = `Туры с началом с ${formatDate(period.from)}`;
  if (period.to !== null) return `${from} по ${formatDate(period.to)}`;
  const year = (toDayjs(today) ?? dayjs()).year();
  return period.from === `${year}-01-01`
    ? `${from} — текущий год и все более поздние`
    : `${from} и позже`;
}
