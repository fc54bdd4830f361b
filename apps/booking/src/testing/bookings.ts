import type { Participant } from '@tour/shared';
import type { Booking, BookingParticipant } from '../features/bookings/api/types';

/** A trip's participant as GET /admin/trip/:id/participants sends it. */
export function tripParticipant(
  id: number,
  full_name: string,
  status: Participant['status'] = 'confirmed',
): Participant {
  return {
    id,
    trip_id: 5,
    user_id: 100 + id,
    full_name,
    phone: null,
    email: null,
    price: 1500,
    discount: 0,
    status,
    request_id: null,
    created_at: '2026-10-01T09:00:00.000Z',
  };
}

/** A participant covered by a booking. */
export function covered(
  participant: Participant,
  extra: Partial<BookingParticipant> = {},
): BookingParticipant {
  return {
    participant_id: participant.id,
    user_id: participant.user_id,
    full_name: participant.full_name,
    birth_date: null,
    passport_number: null,
    status: participant.status,
    room: null,
    ticket_number: null,
    ticket_cost: null,
    policy_number: null,
    ...extra,
  };
}

/** A confirmed hotel of trip 5 for December 2026 in USD; the fields a test names override. */
export function hotelBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 12,
    kind: 'hotel',
    title: 'Hilton, Токио',
    trip: { id: 5, title: 'Зимний Токио', starts_on: '2026-12-01', ends_on: '2026-12-10' },
    supplier: { id: 7, name: 'Hilton Tokyo' },
    starts_on: '2026-12-02',
    ends_on: '2026-12-09',
    days: 8,
    nights: 7,
    cost: 2450,
    currency: 'usd',
    status: 'confirmed',
    penalty: null,
    amount_due: 2450,
    paid: 1000,
    debt: 1450,
    payment_state: 'partly_paid',
    overdue: false,
    confirmation_number: 'HT-5521',
    payment_due_on: '2026-11-25',
    notes: null,
    details: {
      hotel_name: 'Hilton',
      city: 'Токио',
      category: '5*',
      meal_plan: 'BB',
      room_plan: [
        { room_type: 'DBL', participant_ids: [] },
        { room_type: 'DBL', participant_ids: [] },
      ],
    },
    covered: 0,
    participants: [],
    created_at: '2026-10-05T09:00:00.000Z',
    updated_at: '2026-10-05T09:00:00.000Z',
    ...overrides,
  };
}

/** An element's text as it is: the text matchers turn no-break spaces into plain ones. */
export const textOf = (element: HTMLElement) => element.textContent ?? '';

export const NBSP = '\u00a0';
