import { Divider, HistoryList, LoadError, Result, Skeleton, Tabs } from '@tour/shared/ui';
import { statusOf } from '@tour/shared';
import { useBookingOneQuery } from '../api/bookings-api';
import { BOOKING_HISTORY_VALUES, bookingHistoryFields } from '../lib/history-fields';
import { BookingDocuments } from './booking-documents';
import { BookingForm } from './booking-form';
import { SupplierPayments } from './supplier-payments';

const NOT_FOUND = (
  <Result
    status="404"
    title="Бронирование не найдено"
    subTitle="Возможно, его нет или оно вам недоступно."
  />
);

/** An existing booking: its fields and documents, the supplier payments and its «История». */
export function BookingView({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: booking, isLoading, isError, error, refetch } = useBookingOneQuery(id);

  if (isError && statusOf(error) === 404) return NOT_FOUND;
  if (isError) {
    return <LoadError title="Не удалось загрузить бронирование" onRetry={() => void refetch()} />;
  }
  if (isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!booking) return NOT_FOUND;

  return (
    <Tabs
      items={[
        {
          key: 'booking',
          label: 'Бронирование',
          children: (
            <>
              <BookingDocuments booking={booking} />
              <Divider />
              <BookingForm
                key={booking.id}
                kind={booking.kind}
                booking={booking}
                onSaved={() => undefined}
                onCancel={onClose}
              />
            </>
          ),
        },
        {
          key: 'payments',
          label: 'Оплаты поставщику',
          children: <SupplierPayments booking={booking} />,
        },
        {
          key: 'history',
          label: 'История',
          children: (
            <HistoryList
              record="booking"
              path={`/admin/booking/${booking.id}`}
              id={booking.id}
              fields={bookingHistoryFields(booking.currency)}
              values={BOOKING_HISTORY_VALUES}
            />
          ),
          destroyOnHidden: true,
        },
      ]}
    />
  );
}
