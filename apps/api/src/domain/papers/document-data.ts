import type { Currency } from '@tour/core';
import type { UserRow } from '../../db/schema';

/** The person a document is about; dates YYYY-MM-DD; null where the user's card is incomplete. */
export interface DocumentPerson {
  fullName: string;
  birthDate: string | null;
  citizenship: string | null;
  passportNumber: string | null;
  passportIssuedAt: string | null;
  passportExpiresAt: string | null;
  phone: string | null;
  email: string | null;
}

/** One day of a trip's programme. */
export interface DocumentTripDay {
  date: string;
  city: string;
  programme: string;
  accommodation?: string | null;
}

/** Where the tourist stays: a confirmed hotel booking. */
export interface DocumentStay {
  name: string;
  city?: string | null;
  address?: string | null;
  checkIn: string;
  checkOut: string;
}

/** The tourist's money on the trip, in the trip's currency (major units). */
export interface DocumentMoney {
  currency: Currency;
  /** The trip's price for this tourist before the discount. */
  price: number;
  discount: number;
  /** What the tourist owes in all: price - discount. */
  due: number;
  paid: number;
  /** due - paid; negative: overpaid. Null when a payment could not be converted (no rate). */
  debt: number | null;
}

/**
 * The trip a document is about (the tourist's nearest upcoming one, or the one chosen in the
 * dialog): its destination and dates, the day-by-day programme, the hotels of the confirmed
 * bookings the tourist stays in, and the tourist's price, paid and debt.
 */
export interface DocumentTrip {
  /** The paper's number for this tourist on this trip: «<trip>/<participant>», the same on a reprint. */
  number?: string | null;
  title?: string | null;
  country?: string | null;
  cities?: string[];
  dateFrom?: string | null;
  dateTo?: string | null;
  itinerary?: DocumentTripDay[];
  stays?: DocumentStay[];
  money?: DocumentMoney | null;
}

/** The user's card as the documents print it. */
export function personOf(user: UserRow): DocumentPerson {
  return {
    fullName: user.full_name,
    birthDate: user.birth_date,
    citizenship: user.citizenship,
    passportNumber: user.passport_number,
    passportIssuedAt: user.passport_issued_at,
    passportExpiresAt: user.passport_expires_at,
    phone: user.phone,
    email: user.email,
  };
}
