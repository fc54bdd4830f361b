import { Flex } from '@tour/shared/ui';
import { ExportButton } from '@tour/shared/ui';
import type { Booking } from '../api/types';

/**
 * The documents the kind has: a hotel's list of guests by room («Список размещения», the rooming
 * list) and voucher, an insurer's list, a transfer's voucher.
 */
export function BookingDocuments({ booking }: { booking: Booking }) {
  const base = `/admin/booking/${booking.id}`;
  const buttons = [];
  if (booking.kind === 'hotel') {
    buttons.push(
      <ExportButton
        key="rooming"
        url={`${base}/rooming-list`}
        label="Список размещения (XLSX)"
        fallbackFileName={`rooming-list-${booking.id}.xlsx`}
      />,
    );
  }
  if (booking.kind === 'health_insurance') {
    buttons.push(
      <ExportButton
        key="insured"
        url={`${base}/insured-list`}
        label="Список застрахованных (XLSX)"
        fallbackFileName={`insured-list-${booking.id}.xlsx`}
      />,
    );
  }
  if (booking.kind === 'hotel' || booking.kind === 'transfer') {
    buttons.push(
      <ExportButton
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
