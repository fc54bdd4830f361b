import { Tag } from '@tour/shared/ui';
import type { RequestStatus } from '@tour/shared';
import { TICKET_STATUS_COLORS, TICKET_STATUS_LABELS } from '../lib/ticket-labels';

/** A request's status as a coloured tag. */
export function TicketStatusTag({ status }: { status: RequestStatus }) {
  return <Tag color={TICKET_STATUS_COLORS[status]}>{TICKET_STATUS_LABELS[status]}</Tag>;
}
