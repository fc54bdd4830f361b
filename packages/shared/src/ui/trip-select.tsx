import { skipToken } from '@reduxjs/toolkit/query';
import { formatDate } from '@tour/shared';
import { SearchSelect, type SearchSelectFieldProps } from './search-select';
import { useSharedTripOptionsQuery, type TripOption } from './trip-options-api';

/** «Киото осенью · 01.11.2027–08.11.2027 · мест 3 из 12». */
export function describeTrip(trip: TripOption): string {
  return `${trip.title} · ${formatDate(trip.starts_on)}–${formatDate(trip.ends_on)} · мест ${trip.seats_taken} из ${trip.seats}`;
}

const useFoundTrips = (term: string, skip: boolean) =>
  useSharedTripOptionsQuery({ search: term }, { skip });
const useChosenTrip = (id: number | null) =>
  useSharedTripOptionsQuery(id === null ? skipToken : { id });

const TEXTS = {
  failed: 'Не удалось загрузить туры',
  notFound: () => 'Туры не найдены',
  // Never its bare id: a person knows a trip by its title and dates.
  unknown: 'Тур не найден',
};

export interface TripSelectProps extends SearchSelectFieldProps {
  onChange?: (tripId: number | null) => void;
}

/**
 * Picks a trip found by the server's search as one types (title or country), debounced, with its
 * dates and seats; the keyboard works as in any select (type, arrows, Enter). Booking, accounting,
 * reports and the agent area pick trips with it.
 */
export function TripSelect({ onChange, placeholder = 'Найдите тур', ...field }: TripSelectProps) {
  return (
    <SearchSelect<TripOption>
      {...field}
      placeholder={placeholder}
      onChange={(tripId) => onChange?.(tripId)}
      useFound={useFoundTrips}
      useChosen={useChosenTrip}
      describe={describeTrip}
      texts={TEXTS}
    />
  );
}
