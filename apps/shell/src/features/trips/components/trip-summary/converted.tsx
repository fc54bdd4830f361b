import { Typography } from '@tour/shared/ui';
import { formatAmount, formatDate, formatExchangeRate, type Currency } from '@tour/shared';
import type { TripSummaryBooking } from '../../api/trips-api';

/** A booking's cost in the trip's currency with the rate and its day, or «нет курса». */
export function Converted({
  booking,
  currency,
}: {
  booking: TripSummaryBooking;
  currency: Currency;
}) {
  if (booking.missing_rate || booking.converted === null) {
    return (
      <Typography.Text type="warning" title="Курс не подставляется как 1: добавьте курс валют">
        нет курса
      </Typography.Text>
    );
  }
  return (
    <>
      {formatAmount(booking.converted, currency)}
      {booking.currency !== currency && booking.rate !== null ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {`по курсу ${formatExchangeRate(booking.rate, booking.currency, currency)}` +
            (booking.rate_date ? ` на ${formatDate(booking.rate_date)}` : '')}
        </Typography.Text>
      ) : null}
    </>
  );
}
