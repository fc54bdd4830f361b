import type { ReactNode } from 'react';
import { Alert, PageFrame } from '@tour/shared/ui';
import { formatMonthParam, type Dayjs } from '@tour/shared';
import { useBookingMonth } from '../hooks/use-booking-month';
import type { MonthRouteName } from '../lib/booking-route';
import { MonthNav } from './month-nav';

export interface MonthFrameProps {
  routeName: MonthRouteName;
  title: string;
  extra?: ReactNode;
  /** The page's content for the month shown (MM-YYYY and its first day). */
  children: (month: { param: string; first: Dayjs }) => ReactNode;
}

/** A booking page of one month: its title, the month (MM-YYYY in the URL) and its neighbours. */
export function MonthFrame({ routeName, title, extra, children }: MonthFrameProps) {
  const { month, invalid } = useBookingMonth();
  return (
    <PageFrame title={title} extra={extra}>
      {invalid ? (
        <Alert
          type="warning"
          showIcon
          title="Месяц в адресе указан неверно (нужно ММ-ГГГГ), показан текущий месяц."
        />
      ) : null}
      <MonthNav routeName={routeName} month={month} />
      {children({ param: formatMonthParam(month), first: month })}
    </PageFrame>
  );
}
