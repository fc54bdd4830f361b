import { Flex, Typography } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { currentMonthParam, formatMonthParam, hrefOf, type Dayjs } from '@tour/shared';
import { monthLabel } from '../lib/month-label';
import type { BookingRouteName } from '../lib/booking-route';

export interface MonthNavProps {
  routeName: BookingRouteName;
  month: Dayjs;
}

/** The month shown, with links to the previous and next month of the same booking page. */
export function MonthNav({ routeName, month }: MonthNavProps) {
  const previous = month.subtract(1, 'month');
  const next = month.add(1, 'month');
  const hrefFor = (date: string) => hrefOf(routeName, { date });
  const isCurrent = formatMonthParam(month) === currentMonthParam();

  return (
    <Flex align="center" gap="middle" wrap>
      <Link
        to={hrefFor(formatMonthParam(previous))}
        aria-label={`Предыдущий месяц: ${monthLabel(previous)}`}
      >
        ← {monthLabel(previous)}
      </Link>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {monthLabel(month)}
      </Typography.Title>
      <Link
        to={hrefFor(formatMonthParam(next))}
        aria-label={`Следующий месяц: ${monthLabel(next)}`}
      >
        {monthLabel(next)} →
      </Link>
      {isCurrent ? null : <Link to={hrefFor(currentMonthParam())}>Текущий месяц</Link>}
    </Flex>
  );
}
