import {
  normalizeRange,
  toApiDate,
  toDayjs,
  type Currency,
  type Dayjs,
  type ItineraryDay,
  type PreparedTour,
  type Trip,
  type TripFlights,
  type ValidationErrors,
} from '@tour/shared';
import type { CreateTripBody, TripFields } from '../api/trips-api';
import { normalizeAmount } from '@tour/shared';

/** The trip form's values: dates as one range, the price as typed. */
export interface TripFormValues {
  prepared_tour_id: number | null;
  title: string;
  country: string;
  dates: [Dayjs | null, Dayjs | null] | null;
  price: string;
  currency: Currency | undefined;
  seats: number | null;
  flights: TripFlights;
  manager_id: number | null;
  itinerary: ItineraryDay[];
  notes: string;
}

/** A form field's name path (an itinerary day's title is ['itinerary', 2, 'title']). */
export type TripFieldPath = (string | number)[];

/** The values of a new trip's form. */
export function emptyTripForm(): TripFormValues {
  return {
    prepared_tour_id: null,
    title: '',
    country: '',
    dates: null,
    price: '',
    currency: undefined,
    seats: null,
    flights: 'round_trip',
    manager_id: null,
    itinerary: [],
    notes: '',
  };
}

/** The form's values for a stored trip. */
export function tripFormValues(trip: Trip): TripFormValues {
  return {
    prepared_tour_id: trip.prepared_tour_id,
    title: trip.title,
    country: trip.country ?? '',
    dates: [toDayjs(trip.starts_on), toDayjs(trip.ends_on)],
    price: String(trip.price),
    currency: trip.currency,
    seats: trip.seats,
    flights: trip.flights ?? 'round_trip',
    manager_id: trip.manager_id,
    itinerary: trip.itinerary.map(({ title, description }) => ({ title, description })),
    notes: trip.notes ?? '',
  };
}

/** The end of a trip made from `tour` starting on `start`: start + days - 1. */
export function tourEnd(start: Dayjs, tour: Pick<PreparedTour, 'days'>): Dayjs {
  return start.add(Math.max(tour.days, 1) - 1, 'day');
}

/** What picking a prepared tour puts into the form (the end only once a start is known). */
export function valuesFromTour(
  tour: PreparedTour,
  dates: TripFormValues['dates'],
): Partial<TripFormValues> {
  const start = dates?.[0] ?? null;
  return {
    title: tour.title,
    country: tour.country ?? '',
    itinerary: tour.itinerary.map(({ title, description }) => ({ title, description })),
    price: String(tour.base_price),
    currency: tour.currency,
    ...(start ? { dates: [start, tourEnd(start, tour)] } : {}),
  };
}

const text = (value: string | undefined | null) => value?.trim() || null;

const days = (itinerary: ItineraryDay[] | undefined): ItineraryDay[] =>
  (itinerary ?? []).map((day) => ({
    title: day?.title?.trim() ?? '',
    description: day?.description?.trim() ?? '',
  }));

/** The dates in order (the range picker orders them; a start later than the end is swapped). */
function datesOf(values: Partial<TripFormValues>) {
  const [start, end] = normalizeRange(values.dates ?? [null, null]);
  return { starts_on: toApiDate(start), ends_on: toApiDate(end) };
}

/** The PUT /admin/trip/:id body of the form's values. */
export function updateBodyOf(values: Partial<TripFormValues>): TripFields {
  return {
    title: values.title?.trim() ?? '',
    country: text(values.country),
    ...datesOf(values),
    price: normalizeAmount(values.price ?? ''),
    currency: values.currency as Currency,
    seats: values.seats ?? 0,
    flights: values.flights ?? 'round_trip',
    manager_id: values.manager_id ?? null,
    itinerary: days(values.itinerary),
    notes: text(values.notes),
  };
}

/**
 * The POST /admin/trips body: what the form holds; a blank end, price or currency is left out so
 * that the chosen prepared tour's fills it on the server.
 */
export function createBodyOf(values: Partial<TripFormValues>): CreateTripBody {
  const { starts_on, ends_on } = datesOf(values);
  const price = normalizeAmount(values.price ?? '');
  return {
    ...(values.prepared_tour_id ? { prepared_tour_id: values.prepared_tour_id } : {}),
    title: values.title?.trim() ?? '',
    country: text(values.country),
    starts_on,
    ...(ends_on ? { ends_on } : {}),
    ...(price ? { price } : {}),
    ...(values.currency ? { currency: values.currency } : {}),
    seats: values.seats ?? 0,
    // The server's default is there and back: only another mark is sent.
    ...(values.flights && values.flights !== 'round_trip' ? { flights: values.flights } : {}),
    manager_id: values.manager_id ?? null,
    itinerary: days(values.itinerary),
    notes: text(values.notes),
  };
}

const FIELDS = new Set([
  'prepared_tour_id',
  'title',
  'country',
  'price',
  'currency',
  'seats',
  'flights',
  'manager_id',
  'itinerary',
  'notes',
]);

/** The server's errors split into those of a field on the form and the rest. */
export function splitServerErrors(errors: ValidationErrors): {
  fields: { name: TripFieldPath; errors: string[] }[];
  other: string[];
} {
  const byField = new Map<string, { name: TripFieldPath; errors: string[] }>();
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const parts = key.split('.');
    let name: TripFieldPath | null = null;
    if (parts[0] === 'starts_on' || parts[0] === 'ends_on') name = ['dates'];
    else if (parts[0] === 'itinerary' && parts.length === 3 && /^\d+$/.test(parts[1]!)) {
      name = ['itinerary', Number(parts[1]), parts[2]!];
    } else if (FIELDS.has(parts[0]!)) name = [parts[0]!];
    if (!name) {
      other.push(...messages);
      continue;
    }
    const id = name.join('.');
    const entry = byField.get(id) ?? { name, errors: [] };
    entry.errors = [...new Set([...entry.errors, ...messages])];
    byField.set(id, entry);
  }
  return { fields: [...byField.values()], other: [...new Set(other)] };
}
