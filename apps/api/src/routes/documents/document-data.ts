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

/** Where the tourist stays. */
export interface DocumentStay {
  name: string;
  address?: string | null;
  checkIn: string;
  checkOut: string;
}

/**
 * The trip a document is about. There is no trips table yet, so today every document is built
 * from the user alone and each of these is printed as a line to fill by hand. When trips exist,
 * the service loads the trip (its dates, the prepared tour's day-by-day itinerary, the hotel
 * bookings) and passes it here; the generators already print whatever part of it is given.
 */
export interface DocumentTrip {
  title?: string | null;
  country?: string | null;
  cities?: string[];
  dateFrom?: string | null;
  dateTo?: string | null;
  itinerary?: DocumentTripDay[];
  stays?: DocumentStay[];
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
