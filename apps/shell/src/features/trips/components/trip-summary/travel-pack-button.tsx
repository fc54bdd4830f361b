import { ExportButton } from '@tour/shared/ui';

/**
 * «Пакет туриста»: the participant's travel papers in one ZIP (vouchers, flights, insurance, the
 * programme, the memo), made on the server; busy while it is made, a Russian message if not.
 */
export function TravelPackButton({
  tripId,
  participantId,
  fullName,
}: {
  tripId: number;
  participantId: number;
  fullName: string;
}) {
  return (
    <ExportButton
      url={`/admin/trip/${tripId}/participant/${participantId}/travel-pack`}
      label="Пакет туриста"
      ariaLabel={`Пакет туриста: ${fullName}`}
      size="small"
      fallbackFileName={`travel-pack-${tripId}-${participantId}.zip`}
    />
  );
}

/** «Пакеты всех туристов»: a folder per participant who travels, in one ZIP. */
export function TripTravelPacksButton({ tripId }: { tripId: number }) {
  return (
    <ExportButton
      url={`/admin/trip/${tripId}/travel-packs`}
      label="Пакеты всех туристов"
      fallbackFileName={`travel-packs-${tripId}.zip`}
    />
  );
}
