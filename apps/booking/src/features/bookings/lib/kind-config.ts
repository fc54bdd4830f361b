import {
  BOOKING_DETAIL_FIELDS,
  hasComputedCost,
  isSingleDayKind,
  type BookingKind,
} from '@tour/shared';
import type { BookingDetails } from '../api/types';

/** The kind's own fields in `details` (the API keeps these and drops the others). */
export const KIND_DETAIL_FIELDS: Record<BookingKind, readonly (keyof BookingDetails)[]> =
  BOOKING_DETAIL_FIELDS;

export { hasComputedCost, isSingleDayKind as isSingleDay };

/** What each participant of the kind carries besides being covered (a hotel's room: its plan). */
export type CoverColumn = 'ticket_number' | 'ticket_cost' | 'policy_number';

export const COVER_COLUMNS: Record<BookingKind, readonly CoverColumn[]> = {
  hotel: [],
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
