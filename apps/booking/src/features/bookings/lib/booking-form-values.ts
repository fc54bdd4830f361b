import {
  toApiDate,
  toDayjs,
  type BookingKind,
  type BookingStatus,
  type Currency,
  type Dayjs,
  type RoomType,
} from '@tour/shared';
import type { Booking, BookingDetails, CoverBody, SaveBookingBody } from '../api/types';
import { COVER_COLUMNS, hasComputedCost, isSingleDay, KIND_DETAIL_FIELDS } from './kind-config';
import { moneyBody, moneyText } from './money-input';

/** A covered participant as the form keeps it (texts as typed). */
export interface CoverValue {
  participant_id: number;
  ticket_number: string;
  ticket_cost: string;
  policy_number: string;
}

/** An entrance tickets' category as typed. */
export interface TicketValue {
  category: string;
  count: number | null;
  price: string;
}

/** A room of the hotel's room plan as the form keeps it: its type and who sleeps there. */
export interface RoomValue {
  room_type: RoomType;
  participant_ids: number[];
}

/** The kind's fields as typed: texts, numbers, choices, money as text, tickets, rooms. */
export type DetailsValues = Omit<
  BookingDetails,
  'coverage' | 'rate_per_day' | 'tickets' | 'languages' | 'room_plan'
> & {
  coverage?: string;
  rate_per_day?: string;
  languages?: string[];
  tickets?: TicketValue[];
  room_plan?: RoomValue[];
};

/** The booking form's values. */
export interface BookingFormValues {
  trip_id: number | null;
  supplier_id: number | null;
  starts_on: Dayjs | null;
  ends_on: Dayjs | null;
  cost: string;
  currency: Currency | undefined;
  status: BookingStatus;
  penalty: string;
  confirmation_number: string;
  payment_due_on: Dayjs | null;
  notes: string;
  details: DetailsValues;
  participants: CoverValue[];
}

/** A participant newly ticked: nothing assigned yet. */
export function newCover(participantId: number): CoverValue {
  return {
    participant_id: participantId,
    ticket_number: '',
    ticket_cost: '',
    policy_number: '',
  };
}

/** The form of a new booking of the kind (the trip preset from the URL, if any). */
export function emptyBookingForm(kind: BookingKind, tripId: number | null): BookingFormValues {
  const details: DetailsValues = {};
  if (kind === 'activity') details.tickets = [{ category: 'Взрослый', count: 1, price: '' }];
  if (kind === 'guide') details.languages = [];
  // A new hotel starts with one double room; rooms are added (and their type changed) as needed.
  if (kind === 'hotel') details.room_plan = [{ room_type: 'DBL', participant_ids: [] }];
  return {
    trip_id: tripId,
    supplier_id: null,
    starts_on: null,
    ends_on: null,
    cost: '',
    currency: undefined,
    status: 'requested',
    penalty: '',
    confirmation_number: '',
    payment_due_on: null,
    notes: '',
    details,
    participants: [],
  };
}

/** The form's values for a stored booking. */
export function bookingFormValues(booking: Booking): BookingFormValues {
  const { details } = booking;
  const values: DetailsValues = {};
  for (const field of KIND_DETAIL_FIELDS[booking.kind]) {
    const value = details[field];
    if (field === 'coverage' || field === 'rate_per_day')
      values[field] = moneyText(value as number);
    else if (field === 'tickets') {
      values.tickets = (details.tickets ?? []).map((ticket) => ({
        category: ticket.category,
        count: ticket.count,
        price: moneyText(ticket.price),
      }));
    } else if (field === 'languages') values.languages = details.languages ?? [];
    else if (field === 'room_plan') {
      values.room_plan = (details.room_plan ?? []).map((room) => ({
        room_type: room.room_type,
        participant_ids: room.participant_ids ?? [],
      }));
    } else (values as Record<string, unknown>)[field] = value ?? undefined;
  }
  return {
    trip_id: booking.trip.id,
    supplier_id: booking.supplier.id,
    starts_on: toDayjs(booking.starts_on),
    ends_on: isSingleDay(booking.kind) ? null : toDayjs(booking.ends_on),
    cost: hasComputedCost(booking.kind) ? '' : moneyText(booking.cost),
    currency: booking.currency,
    status: booking.status,
    penalty: moneyText(booking.penalty),
    confirmation_number: booking.confirmation_number ?? '',
    payment_due_on: toDayjs(booking.payment_due_on),
    notes: booking.notes ?? '',
    details: values,
    participants: booking.participants.map((participant) => ({
      participant_id: participant.participant_id,
      ticket_number: participant.ticket_number ?? '',
      ticket_cost: moneyText(participant.ticket_cost),
      policy_number: participant.policy_number ?? '',
    })),
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() || null : null);
const day = (value: Dayjs | null | undefined) => (value ? toApiDate(value) || null : null);

/** The kind's own fields of the form as the API takes them (empty ones null). */
function detailsBody(kind: BookingKind, values: DetailsValues = {}): BookingDetails {
  const body: Record<string, unknown> = {};
  for (const field of KIND_DETAIL_FIELDS[kind]) {
    const value = values[field];
    if (field === 'coverage' || field === 'rate_per_day') body[field] = moneyBody(value as string);
    else if (field === 'tickets') {
      body.tickets = (values.tickets ?? []).map((ticket) => ({
        category: ticket.category?.trim() ?? '',
        count: ticket.count ?? 0,
        price: moneyBody(ticket.price) ?? '0',
      }));
    } else if (field === 'languages') {
      body.languages = (values.languages ?? []).map((language) => language.trim()).filter(Boolean);
    } else if (field === 'room_plan') {
      body.room_plan = (values.room_plan ?? []).map((room) => ({
        room_type: room.room_type,
        participant_ids: room.participant_ids ?? [],
      }));
    } else if (typeof value === 'string') body[field] = text(value);
    else body[field] = value ?? null;
  }
  return body as BookingDetails;
}

function coverBody(kind: BookingKind, cover: CoverValue): CoverBody {
  const body: CoverBody = { participant_id: cover.participant_id };
  for (const column of COVER_COLUMNS[kind]) {
    if (column === 'ticket_cost') body.ticket_cost = moneyBody(cover.ticket_cost);
    else body[column] = text(cover[column]);
  }
  return body;
}

/** The POST /admin/bookings and PUT /admin/booking/:id body of the form's values. */
export function bookingBodyOf(kind: BookingKind, values: BookingFormValues): SaveBookingBody {
  const cancelled = values.status === 'cancelled';
  return {
    kind,
    trip_id: values.trip_id as number,
    supplier_id: values.supplier_id as number,
    starts_on: day(values.starts_on) ?? '',
    ends_on: isSingleDay(kind) ? null : day(values.ends_on),
    cost: hasComputedCost(kind) ? null : moneyBody(values.cost),
    currency: values.currency as Currency,
    status: values.status,
    penalty: cancelled ? moneyBody(values.penalty) : null,
    confirmation_number: text(values.confirmation_number),
    payment_due_on: day(values.payment_due_on),
    notes: text(values.notes),
    details: detailsBody(kind, values.details),
    participants: (values.participants ?? []).map((cover) => coverBody(kind, cover)),
  };
}
