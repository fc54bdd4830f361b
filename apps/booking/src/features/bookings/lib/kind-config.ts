import type { BookingKind } from '@tour/shared';
import type { BookingDetails } from '../api/types';

/** The kind's own fields in `details` (the API keeps these and drops the others). */
export const KIND_DETAIL_FIELDS: Record<BookingKind, readonly (keyof BookingDetails)[]> = {
  hotel: ['hotel_name', 'city', 'category', 'room_type', 'rooms', 'meal_plan'],
  air_ticket: [
    'carrier',
    'flight_number',
    'from_airport',
    'to_airport',
    'departs_at',
    'arrives_at',
    'flight_class',
    'pnr',
    'baggage',
  ],
  health_insurance: ['plan', 'coverage', 'coverage_currency', 'territory'],
  transfer: [
    'time',
    'direction',
    'from_place',
    'to_place',
    'vehicle',
    'seats',
    'driver_contact',
    'flight_booking_id',
  ],
  guide: ['guide_name', 'languages', 'rate_per_day'],
  activity: ['venue', 'time', 'tickets'],
  tour_expense: ['category', 'description'],
};

/** Kinds whose service is one day: only its date is sent (ends_on null). */
export function isSingleDay(kind: BookingKind): boolean {
  return kind === 'transfer' || kind === 'activity' || kind === 'tour_expense';
}

/** Kinds whose cost the server computes (tickets, days × rate, categories): no cost is typed. */
export function hasComputedCost(kind: BookingKind): boolean {
  return kind === 'air_ticket' || kind === 'guide' || kind === 'activity';
}

/** What each participant of the kind carries besides being covered. */
export type CoverColumn = 'room' | 'ticket_number' | 'ticket_cost' | 'policy_number';

export const COVER_COLUMNS: Record<BookingKind, readonly CoverColumn[]> = {
  hotel: ['room'],
  air_ticket: ['ticket_number', 'ticket_cost'],
  health_insurance: ['policy_number'],
  transfer: [],
  guide: [],
  activity: [],
  tour_expense: [],
};

/** The labels of the service dates per kind (an end only for the kinds with one). */
export const DATE_LABELS: Record<BookingKind, { start: string; end?: string }> = {
  hotel: { start: 'Заезд', end: 'Выезд' },
  air_ticket: { start: 'Дата вылета', end: 'Дата прилёта' },
  health_insurance: { start: 'Начало страховки', end: 'Окончание страховки' },
  transfer: { start: 'Дата трансфера' },
  guide: { start: 'Начало работы', end: 'Окончание работы' },
  activity: { start: 'Дата посещения' },
  tour_expense: { start: 'Дата расхода' },
};

/** "бронирование отеля": the drawer's title for a new booking of the kind. */
export const NEW_BOOKING_TITLES: Record<BookingKind, string> = {
  hotel: 'Новое бронирование отеля',
  air_ticket: 'Новые авиабилеты',
  health_insurance: 'Новая мед. страховка',
  transfer: 'Новый трансфер',
  guide: 'Новый гид / сопровождение',
  activity: 'Новые входные билеты',
  tour_expense: 'Новый прочий расход',
};
