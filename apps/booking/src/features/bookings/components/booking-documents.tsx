import { Flex } from '@tour/shared/ui';
import { DocumentButton } from '../../../components/document-button';
import type { Booking } from '../api/types';

/** The documents the kind has: a hotel's rooming list and voucher, an insurer's list, a transfer's voucher. */
export function BookingDocuments({ booking }: { booking: Booking }) {
  const base = `/admin/booking/${booking.id}`;
  const buttons = [];
  if (booking.kind === 'hotel') {
    buttons.push(
      <DocumentButton
        key="rooming"
        url={`${base}/rooming-list`}
        label="Rooming list (XLSX)"
        fallbackFileName={`rooming-list-${booking.id}.xlsx`}
      />,
    );
  }
  if (booking.kind === 'health_insurance') {
    buttons.push(
      <DocumentButton
        key="insured"
        url={`${base}/insured-list`}
        label="Список застрахованных (XLSX)"
        fallbackFileName={`insured-list-${booking.id}.xlsx`}
      />,
    );
  }
  if (booking.kind === 'hotel' || booking.kind === 'transfer') {
    buttons.push(
      <DocumentButton
        key="voucher"
        url={`${base}/voucher`}
        label="Ваучер (DOCX)"
        fallbackFileName={`voucher-${booking.id}.docx`}
      />,
    );
  }
  if (buttons.length === 0) return null;
  return (
    <Flex gap="small" wrap role="group" aria-label="Документы">
      {buttons}
    </Flex>
  );
}
