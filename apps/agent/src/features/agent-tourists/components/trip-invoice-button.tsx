import { ConfigProvider, ExportButton } from '@tour/shared/ui';
import type { AgentTouristTrip } from '@tour/shared';

/**
 * «Счёт» of a tourist's trip: the agent's invoice for all its tourists on that trip (one paper per
 * agent and trip, the one the operator's staff print too). Nothing for a cancelled participation.
 */
export function TripInvoiceButton({ trip }: { trip: AgentTouristTrip }) {
  if (trip.participant_status === 'cancelled') return null;
  return (
    <ConfigProvider componentSize="small">
      <ExportButton
        url={`/agent/trip/${trip.trip_id}/invoice`}
        label="Счёт"
        fallbackFileName={`invoice-trip-${trip.trip_id}.docx`}
      />
    </ConfigProvider>
  );
}
