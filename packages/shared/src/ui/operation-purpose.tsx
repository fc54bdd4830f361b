import { Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from '@tour/shared/router';
import {
  BOOKING_KIND_ROUTES,
  BOOKING_KINDS,
  formatDate,
  formatMonthParam,
  hrefOf,
  isBookingKind,
  routeAllows,
  usePermissionData,
  type OperationLinks,
  type RouteName,
} from '@tour/shared';

/** What an operation is for, as the lists name it, and whether it was recorded as an overpayment. */
export interface OperationPurposeProps {
  operation: OperationLinks & { overpayment?: boolean };
}

/** The «Переплата» mark of a payment its author recorded as one (DESIGN.md 3b). */
export function OverpaymentTag() {
  return (
    <Tag color="warning" title="Записана как переплата: оплачено больше суммы к оплате">
      Переплата
    </Tag>
  );
}

/**
 * What an operation is for, never a bare id: the trip with its dates (a link to its summary), the
 * tourist (a link to the user's card), a supplier payment's booking (a link to it in its kind's
 * month, the month its trip starts) and supplier, and the «Переплата» mark. A name links only
 * where the viewer may open the page; else it is plain text. A dash when it is for none of these.
 */
export function OperationPurpose({ operation }: OperationPurposeProps) {
  const permissions = usePermissionData();
  const { trip, participant, booking, overpayment } = operation;
  if (!trip && !participant && !booking && !overpayment) {
    return <Typography.Text type="secondary">—</Typography.Text>;
  }
  // Underlined: a link that runs on in a line of text is told apart by more than its colour.
  const linked = (route: RouteName, href: string, text: string): ReactNode =>
    routeAllows(route, permissions) ? (
      <Link to={href} style={{ textDecoration: 'underline' }}>
        {text}
      </Link>
    ) : (
      text
    );
  const kind = booking && isBookingKind(booking.kind) ? booking.kind : null;
  const bookingTitle = booking ? booking.title || (kind ? BOOKING_KINDS[kind].label : '') : '';
  return (
    // At most this wide: the names wrap rather than widen a list past the screen.
    <Flex vertical gap={2} align="flex-start" style={{ maxWidth: 320 }}>
      {trip ? (
        <span>
          {linked('trip-summary', hrefOf('trip-summary', { id: trip.id }), trip.title)}{' '}
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {`${formatDate(trip.starts_on)}–${formatDate(trip.ends_on)}`}
          </Typography.Text>
        </span>
      ) : null}
      {participant ? (
        <span>
          {'Турист: '}
          {linked(
            'user-edit',
            hrefOf('user-edit', { id: participant.user_id }),
            participant.full_name,
          )}
        </span>
      ) : null}
      {booking ? (
        <span>
          {'Бронь: '}
          {kind
            ? linked(
                BOOKING_KIND_ROUTES[kind],
                `${hrefOf(BOOKING_KIND_ROUTES[kind], trip ? { date: formatMonthParam(trip.starts_on) } : {})}?edit=${booking.id}`,
                bookingTitle,
              )
            : bookingTitle}
          {booking.supplier_name ? ` — ${booking.supplier_name}` : null}
        </span>
      ) : null}
      {overpayment ? <OverpaymentTag /> : null}
    </Flex>
  );
}
