import { DATE_FORMAT, toDayjs, type DateValue } from '@tour/shared';

/** DD.MM.YYYY HH:mm in the browser's time zone, or '' for an empty or invalid value. */
export function formatDateTime(value: DateValue): string {
  return toDayjs(value)?.format(`${DATE_FORMAT} HH:mm`) ?? '';
}
