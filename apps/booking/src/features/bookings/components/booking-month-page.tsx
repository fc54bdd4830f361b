import { useState } from 'react';
import { Button, ExportButton, Flex, LoadError } from '@tour/shared/ui';
import type { BookingKind } from '@tour/shared';
import { MonthFrame } from '../../../components/month-frame';
import type { MonthRouteName } from '../../../lib/booking-route';
import { useBookingListQuery } from '../api/bookings-api';
import { useBookingDrawer } from '../hooks/use-booking-drawer';
import { useBookingFilters } from '../hooks/use-booking-filters';
import { BookingDrawer } from './booking-drawer';
import { BookingFiltersBar } from './booking-filters';
import { BookingTotals } from './booking-totals';
import { BookingsTable } from './bookings-table';

function MonthBookings({ kind, month }: { kind: BookingKind; month: string }) {
  const { filters, page, filtered, setFilters, setPage, resetFilters } = useBookingFilters();
  const { open } = useBookingDrawer();
  const { data, isFetching, isError, refetch } = useBookingListQuery({
    kind,
    month,
    page,
    ...filters,
  });
  return (
    <>
      <BookingFiltersBar
        kind={kind}
        filters={filters}
        filtered={filtered}
        onChange={setFilters}
        onReset={resetFilters}
      />
      <Flex justify="flex-end">
        <ExportButton
          url="/admin/bookings/export"
          params={{ kind, month, ...filters }}
          fallbackFileName={`bookings-${kind}-${month}.xlsx`}
        />
      </Flex>
      {isError ? (
        <LoadError title="Не удалось загрузить бронирования" onRetry={() => void refetch()} />
      ) : (
        <>
          <BookingsTable
            data={data}
            page={page}
            loading={isFetching}
            filtered={filtered}
            onPage={setPage}
            onOpen={open}
          />
          <BookingTotals totals={data?.totals ?? []} />
        </>
      )}
    </>
  );
}

export interface BookingMonthPageProps {
  kind: BookingKind;
  routeName: MonthRouteName;
  title: string;
}

/**
 * A kind's month view (booking/{MM-YYYY}/<kind>): its bookings touching the month, filtered from
 * the URL, page by page, the server's totals per currency, the export of the same filters, and
 * the drawer (`?new=1`, `?edit=<id>`) to add or work on a booking.
 */
export function BookingMonthPage({ kind, routeName, title }: BookingMonthPageProps) {
  const { opened, open, close, presetTripId, costingLine } = useBookingDrawer();
  // The drawer mounts when first opened (and stays, to close with its motion): the list's first
  // render does without it.
  const [drawerUsed, setDrawerUsed] = useState(opened !== null);
  if (opened !== null && !drawerUsed) setDrawerUsed(true);
  return (
    <MonthFrame
      routeName={routeName}
      title={title}
      extra={
        <Button type="primary" onClick={() => open('new')}>
          Добавить
        </Button>
      }
    >
      {({ param }) => (
        <>
          <MonthBookings kind={kind} month={param} />
          {drawerUsed ? (
            <BookingDrawer
              kind={kind}
              opened={opened}
              presetTripId={presetTripId}
              costingLine={costingLine}
              onClose={close}
              onCreated={(booking) => open(booking.id)}
            />
          ) : null}
        </>
      )}
    </MonthFrame>
  );
}
