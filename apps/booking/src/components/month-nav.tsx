import { Flex, Typography } from '@tour/shared/ui';
import { Link, useLocation } from '@tour/shared/router';
import { currentMonthParam, formatMonthParam, hrefOf, type Dayjs } from '@tour/shared';
import { monthLabel } from '../lib/month-label';
import type { MonthRouteName } from '../lib/booking-route';

/** What another month does not keep: the page of this month's list and the open drawer. */
const DROPPED = ['page', 'new', 'edit'];

/** The query of the current URL for another month: the filters stay, the rest goes. */
function keptQuery(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of DROPPED) params.delete(name);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface MonthNavProps {
  routeName: MonthRouteName;
  month: Dayjs;
}

/**
 * The month shown, with links to the previous and next month of the same booking page; the
 * list's filters (the URL query) go along.
 */
export function MonthNav({ routeName, month }: MonthNavProps) {
  const { search } = useLocation();
  const query = keptQuery(search);
  const previous = month.subtract(1, 'month');
  const next = month.add(1, 'month');
  const hrefFor = (date: string) => hrefOf(routeName, { date }) + query;
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
