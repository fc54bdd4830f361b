import { ExportButton } from '@tour/shared/ui';
import type { AgentTourist, AgentTouristTrip } from '@tour/shared';

/**
 * «Пакет туриста»: the tourist's papers for the trip in one ZIP (vouchers, flights, insurance, the
 * programme, the memo), made on the server; busy while it is made, a Russian message if not.
 */
export function TravelPackButton({
  tourist,
  trip,
}: {
  tourist: AgentTourist;
  trip: AgentTouristTrip;
}) {
  return (
    <ExportButton
      url={`/agent/tourists/${tourist.id}/trip/${trip.trip_id}/travel-pack`}
      label="Пакет туриста"
      ariaLabel={`Пакет туриста: ${tourist.full_name}, ${trip.title}`}
      size="small"
      fallbackFileName={`travel-pack-${trip.trip_id}.zip`}
    />
  );
}
