import type { BookingKind } from '@tour/shared';
import { ActivityFields } from './activity-fields';
import { AirTicketFields } from './air-ticket-fields';
import { ExpenseFields } from './expense-fields';
import { GuideFields } from './guide-fields';
import { HotelFields } from './hotel-fields';
import { InsuranceFields } from './insurance-fields';
import { TransferFields } from './transfer-fields';

/** The kind's own fields (DESIGN.md 3 "Bookings"), under `details`. */
export function KindFields({ kind }: { kind: BookingKind }) {
  switch (kind) {
    case 'hotel':
      return <HotelFields />;
    case 'air_ticket':
      return <AirTicketFields />;
    case 'health_insurance':
      return <InsuranceFields />;
    case 'transfer':
      return <TransferFields />;
    case 'guide':
      return <GuideFields />;
    case 'activity':
      return <ActivityFields />;
    case 'tour_expense':
      return <ExpenseFields />;
  }
}
