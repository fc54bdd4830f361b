import {
  CURRENCY_PRECISION,
  exceedsMaxAmount,
  isActiveParticipation,
  nearestTrip,
  maxAmountMessage,
  toMinorUnits,
  type ValidationErrors,
} from '@tour/core';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { notFound, validationError } from '../../lib/http-errors';
import { businessToday } from '../../domain/business-day';
import { findUserInScope } from '../../domain/reach';
import { userScope, type ScopeViewer } from '../../domain/reach';
import { USER_NOT_FOUND } from '../users/user-service';
import { storedCurrency } from '../../lib/currency';
import { companyForPrint } from '../company/service';
import { majorNumber } from '../../domain/money';
import { userTrips } from '../trips/participant-money-service';
import type { UserTripJson } from '@tour/core/contract/trips';
import { agreementDocument } from './agreement-document';
import { companyDetails } from '../../domain/papers/company-details';
import {
  personOf,
  type DocumentStay,
  type DocumentTrip,
  type DocumentTripDay,
} from '../../domain/papers/document-data';
import * as repo from './repository';
import { embassyDocument } from './embassy-document';
import { safeDocxFileName } from '../../domain/papers/file-name';
import { EMBASSY_DOCUMENT_LABELS } from '@tour/core/contract/document-options';
import type { AgreementBody, EmbassyDocumentBody } from '@tour/core/contract/documents';

export const MESSAGES = {
  required: 'Обязательное поле',
  currencyRequired: 'Укажите валюту цены',
  priceWhole: 'Цена в этой валюте указывается целым числом',
  priceDecimals: (decimals: number) => `Не больше ${decimals} знаков после запятой`,
  datesReversed: 'Окончание тура не может быть раньше его начала',
  notOnTrip: 'Турист не участвует в этом туре',
} as const;

/** A generated file: its safe Unicode name, an ASCII name for old clients, its bytes. */
export interface GeneratedDocument {
  fileName: string;
  asciiFallback: string;
  content: Buffer;
}

/** The user, or 404 when it is missing or out of the viewer's reach alike (as GET /admin/user). */
async function reachableUser(db: Db, viewer: ScopeViewer, userId: number): Promise<UserRow> {
  const user = await findUserInScope(db, userScope(viewer), userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/**
 * The participation a document is about: the one on the trip asked for (`tripId`; an active one
 * before a cancelled one), none when `tripId` is null, else the tourist's nearest trip that has
 * not ended (neither it nor the participation cancelled). A trip the tourist is not on is a 422.
 */
export function chosenParticipation(
  trips: readonly UserTripJson[],
  tripId: number | null | undefined,
  today: string,
): UserTripJson | null {
  if (tripId === null) return null;
  if (tripId === undefined) return nearestTrip(trips, today);
  const onTrip = trips.filter((trip) => trip.trip_id === tripId);
  const found = onTrip.find(isActiveParticipation) ?? onTrip[0];
  if (!found) throw validationError({ tripId: [MESSAGES.notOnTrip] });
  return found;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The trip as the documents print it for a participant, without the money: destination, dates,
 * the day-by-day programme with where the participant sleeps, the hotels of its confirmed bookings
 * (the travel pack's programme reads this too). 404 when the trip or the participant is not there.
 */
export async function documentTripDays(
  db: Db,
  tripId: number,
  participantId: number,
): Promise<DocumentTrip & { currency: string; price: number; discount: number }> {
  const [trip, bookings] = await Promise.all([
    repo.documentTripRow(db, tripId, participantId),
    repo.confirmedStays(db, tripId, participantId),
  ]);
  if (!trip) throw notFound('Тур не найден');
  const stays: DocumentStay[] = bookings.map((booking) => ({
    name: text(booking.details.hotel_name) ?? booking.supplier_name,
    city: text(booking.details.city),
    address: null,
    checkIn: booking.starts_on,
    checkOut: booking.ends_on,
  }));
  // The prepared tour's cities, then any other city a hotel is booked in.
  const cities: string[] = [];
  for (const city of [...(trip.tour_cities ?? []), ...stays.map((stay) => stay.city)]) {
    if (city && !cities.some((known) => known.toLowerCase() === city.toLowerCase())) {
      cities.push(city);
    }
  }
  const stayOn = (day: string) =>
    stays.find((stay) => stay.checkIn <= day && day < stay.checkOut) ?? null;
  // The programme's days; without one, a row a day (up to two months) with where the tourist
  // sleeps, its programme left to write by hand.
  const days = trip.itinerary?.length
    ? trip.itinerary
    : Array.from(
        { length: Math.min(daysBetween(trip.starts_on, trip.ends_on) + 1, 62) },
        () => null,
      );
  const itinerary: DocumentTripDay[] = days.map((day, index) => {
    const date = addDays(trip.starts_on, index);
    const stay = stayOn(date);
    return {
      date,
      city: stay?.city ?? '',
      programme: day ? [day.title, day.description].filter((part) => part?.trim()).join(': ') : '',
      accommodation: stay?.name ?? null,
    };
  });
  return {
    number: `${trip.id}/${participantId}`,
    title: trip.title,
    country: trip.country ?? trip.tour_country,
    cities,
    dateFrom: trip.starts_on,
    dateTo: trip.ends_on,
    itinerary,
    stays,
    currency: trip.currency,
    price: trip.price,
    discount: trip.discount,
  };
}

/** The trip as the documents print it, for the tourist's participation in it. */
async function documentTrip(db: Db, participation: UserTripJson): Promise<DocumentTrip> {
  const {
    currency: stored,
    price,
    discount,
    ...trip
  } = await documentTripDays(db, participation.trip_id, participation.participant_id);
  const currency = storedCurrency(stored);
  return {
    ...trip,
    money: {
      currency,
      price: majorNumber(price, currency),
      discount: majorNumber(discount, currency),
      due: participation.due,
      paid: participation.paid,
      debt: participation.missing_rate ? null : participation.debt,
    },
  };
}

/** The tourist's trip for a document (see chosenParticipation), or undefined without one. */
async function tripFor(
  db: Db,
  viewer: ScopeViewer,
  userId: number,
  tripId: number | null | undefined,
): Promise<DocumentTrip | undefined> {
  const participation = chosenParticipation(
    await userTrips(db, viewer, userId),
    tripId,
    businessToday(),
  );
  return participation ? documentTrip(db, participation) : undefined;
}

/** POST /admin/user/:userId/application-embassy. */
export async function generateEmbassyDocument(
  db: Db,
  viewer: ScopeViewer,
  userId: number,
  body: EmbassyDocumentBody,
): Promise<GeneratedDocument> {
  const user = await reachableUser(db, viewer, userId);
  const [trip, company] = await Promise.all([
    tripFor(db, viewer, userId, body.tripId),
    companyForPrint(db),
  ]);
  const content = await embassyDocument({
    type: body.type,
    visaType: body.visaType,
    person: personOf(user),
    company: companyDetails(company),
    date: businessToday(),
    trip,
  });
  return {
    fileName: safeDocxFileName(
      `${EMBASSY_DOCUMENT_LABELS[body.type]} - ${user.full_name}`,
      body.type,
    ),
    asciiFallback: `${body.type}.docx`,
    content,
  };
}

/** The rules of an agreement's body the schema cannot state; empty when it is fine. */
export function agreementErrors(body: AgreementBody): ValidationErrors {
  const errors: ValidationErrors = {};
  if (!body.fileName.trim()) errors.fileName = [MESSAGES.required];
  if (typeof body.price === 'number') {
    if (!body.currency) {
      errors.currency = [MESSAGES.currencyRequired];
    } else if (exceedsMaxAmount(body.price, body.currency)) {
      errors.price = [maxAmountMessage(body.currency)];
    } else {
      try {
        toMinorUnits(body.price, body.currency);
      } catch {
        const decimals = CURRENCY_PRECISION[body.currency];
        errors.price = [decimals === 0 ? MESSAGES.priceWhole : MESSAGES.priceDecimals(decimals)];
      }
    }
  }
  if (body.dateFrom && body.dateTo && body.dateTo < body.dateFrom) {
    errors.dateTo = [MESSAGES.datesReversed];
  }
  return errors;
}

/** POST /admin/user/:userId/agreement. */
export async function generateAgreement(
  db: Db,
  viewer: ScopeViewer,
  userId: number,
  body: AgreementBody,
): Promise<GeneratedDocument> {
  const errors = agreementErrors(body);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const user = await reachableUser(db, viewer, userId);
  const [trip, company] = await Promise.all([
    tripFor(db, viewer, userId, body.tripId),
    companyForPrint(db),
  ]);
  const price =
    typeof body.price === 'number' && body.currency
      ? { amount: body.price, currency: body.currency }
      : null;
  const content = await agreementDocument({
    person: personOf(user),
    company: companyDetails(company),
    date: body.contractDate ?? businessToday(),
    number: body.contractNumber,
    destination: body.destination,
    dateFrom: body.dateFrom,
    dateTo: body.dateTo,
    price,
    paymentTerms: body.paymentTerms,
    trip,
  });
  return {
    fileName: safeDocxFileName(body.fileName, 'Договор'),
    asciiFallback: 'agreement.docx',
    content,
  };
}
