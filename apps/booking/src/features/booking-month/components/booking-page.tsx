import { Alert } from '@tour/shared/ui';
import { PageFrame } from '@tour/shared/ui';
import { useBookingMonth } from '../hooks/use-booking-month';
import type { BookingRouteName } from '../lib/booking-route';
import { MonthNav } from './month-nav';

const NOTE = 'Списки бронирований появятся вместе с задачей раздела бронирования.';

/** A booking page for one month: its title, the month (MM-YYYY in the URL) and its neighbours. */
export function BookingPage({ routeName, title }: { routeName: BookingRouteName; title: string }) {
  const { month, invalid } = useBookingMonth();
  return (
    <PageFrame title={title} note={NOTE}>
      {invalid ? (
        <Alert
          type="warning"
          showIcon
          title="Месяц в адресе указан неверно (нужно ММ-ГГГГ), показан текущий месяц."
        />
      ) : null}
      <MonthNav routeName={routeName} month={month} />
    </PageFrame>
  );
}
