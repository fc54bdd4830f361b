import { formatAmount, type Currency } from '@tour/core';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { addPayment } from '../accounting/service';
import type { PaymentBody } from '@tour/core/contract/accounting';
import { USER_NOT_FOUND } from '../users/user-service';
import { findUserInScope, userScope, type ScopeViewer } from '../../domain/reach';
import { BUSINESS_TIME_ZONE, businessToday } from '../../domain/business-day';
import { dayRatesOf, dueOf, majorNumber, moneyOf, type MovementSum } from '../../domain/money';
import * as repo from './repository';
import type { UserTripJson } from '@tour/core/contract/trips';
import { storedCurrency } from '../../lib/currency';
import { TRIP_MESSAGES } from './trip-messages';

/**
 * GET /admin/user/:id/trips: the trips the user takes part in, latest first (cancelled
 * participations too), each with its due, paid, expected and debt in the trip's currency as the
 * trip's summary counts them (DESIGN.md 3b). A user out of the viewer's reach is 404, as
 * GET /admin/user/:id.
 */
export async function userTrips(
  db: Db,
  viewer: ScopeViewer,
  userId: number,
): Promise<UserTripJson[]> {
  if (!(await findUserInScope(db, userScope(viewer), userId))) {
    throw notFound(USER_NOT_FOUND);
  }
  const today = businessToday();
  const row = await repo.participationsOfUser(db, userId, BUSINESS_TIME_ZONE, today);
  const rates = dayRatesOf(row.rates).rates;
  const sums: MovementSum[] = (row.sums ?? []).map(
    ([participantId, type, status, from, day, total]) => ({
      participantId,
      type,
      status,
      currency: from,
      day,
      total,
    }),
  );
  return (row.participations ?? []).map((participation) => {
    const currency = storedCurrency(participation.currency);
    const own = sums.filter((sum) => sum.participantId === participation.id);
    const { paid, expected, missingRate } = moneyOf(own, currency, rates, today).get(
      participation.id,
    ) ?? { paid: 0, expected: 0, missingRate: false };
    const due = dueOf(participation);
    return {
      participant_id: participation.id,
      status: participation.status,
      trip_id: participation.trip_id,
      title: participation.title,
      starts_on: participation.starts_on,
      ends_on: participation.ends_on,
      trip_status: participation.trip_status,
      currency,
      due: majorNumber(due, currency),
      paid: majorNumber(paid, currency),
      expected: majorNumber(expected, currency),
      debt: majorNumber(due - paid, currency),
      missing_rate: missingRate,
    };
  });
}

/**
 * Whether a new income of `amountMinor` (in `currency`) for a participant is an overpayment
 * (DESIGN.md 3b): its paid, what it is expected to pay (pending) and this payment, in the trip's
 * currency (other currencies at today's rates), would exceed its due. The Russian reason, or
 * null when it is not one, or when a missing rate leaves it unknown (the trip is flagged anyway).
 */
export async function participantOverpayment(
  db: Db,
  tripId: number,
  participantId: number,
  amountMinor: number,
  currency: Currency,
): Promise<string | null> {
  const today = businessToday();
  const row = await repo.tripForSummary(db, tripId, BUSINESS_TIME_ZONE, today);
  const participant = row?.participants?.find((p) => p.id === participantId);
  if (!row || !participant) return null;
  const tripCurrency = storedCurrency(row.currency);
  const sums: MovementSum[] = (row.sums ?? [])
    .filter(([id]) => id === participantId)
    .map(([id, type, status, from, day, total]) => ({
      participantId: id,
      type,
      status,
      currency: from,
      day,
      total,
    }));
  const before = moneyOf(sums, tripCurrency, dayRatesOf(row.rates).rates, today).get(
    participantId,
  ) ?? { paid: 0, expected: 0, missingRate: false };
  const after = moneyOf(
    [
      ...sums,
      { participantId, type: 'income', status: 'pending', currency, day: null, total: amountMinor },
    ],
    tripCurrency,
    dayRatesOf(row.rates).rates,
    today,
  ).get(participantId)!;
  if (after.missingRate) return null;
  const due = dueOf(participant);
  const over = after.paid + after.expected - due;
  if (over <= 0) return null;
  const money = (minor: number) => formatAmount(majorNumber(minor, tripCurrency), tripCurrency);
  return (
    `Переплата: к оплате ${money(due)}, оплачено ${money(before.paid)}, ожидает ` +
    `подтверждения ${money(before.expected)}; с этим платежом — на ${money(over)} больше. ` +
    'Подтвердите, что это переплата.'
  );
}

/**
 * POST /admin/trip/:id/participant/:participantId/payments: a pending income of the participant,
 * linked to the trip and the participant, into the company wallet where the money arrived,
 * through the one payment service (and so recordMovement, with its Idempotency-Key); an
 * overpayment only when the body says so.
 */
export async function addParticipantPayment(
  trx: Db,
  viewer: ScopeViewer,
  request: { tripId: number; participantId: number; body: PaymentBody; idempotencyKey: string },
) {
  const participant = await repo.findParticipant(trx, request.tripId, request.participantId);
  if (!participant) throw notFound(TRIP_MESSAGES.participantMissing);
  return addPayment(trx, {
    viewer,
    userId: participant.user_id,
    body: request.body,
    idempotencyKey: request.idempotencyKey,
    participant: {
      tripId: request.tripId,
      participantId: participant.id,
      overpaymentOf: (amountMinor, currency) =>
        participantOverpayment(trx, request.tripId, participant.id, amountMinor, currency),
    },
  });
}
