import { useParams } from '@tour/shared/router';
import { dayjs, parseMonthParam, type Dayjs } from '@tour/shared';

export interface BookingMonth {
  /** First day of the month shown. */
  month: Dayjs;
  /** True when the URL names a month that is not a valid MM-YYYY (the current month is shown). */
  invalid: boolean;
}

/** The month of a booking route: its MM-YYYY parameter, else the current month (SPEC.md 2, 9). */
export function useBookingMonth(): BookingMonth {
  const { date } = useParams();
  const parsed = parseMonthParam(date);
  return {
    month: parsed ?? dayjs().startOf('month'),
    invalid: Boolean(date) && parsed === null,
  };
}
