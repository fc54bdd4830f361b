import { sql } from 'kysely';
import {
  bookingCostOf,
  convertDecimal,
  paymentStateOf,
  toMinorUnits,
  type BookingKind,
  type BookingStatus,
  type Currency,
  type PaymentState,
} from '@tour/core';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { dayRatesOf, majorNumber } from '../../domain/money';
import type { DayRateJson } from '../../domain/money';

export interface TripBookingCost {
  id: number;
  kind: BookingKind;
  title: string;
  supplier_name: string;
  starts_on: string;
  ends_on: string;
  status: BookingStatus;
  currency: Currency;
  amount_due: number;
  paid: number;
  debt: number;
  payment_state: PaymentState;
  /** The cost in the trip's currency at the rate of its service start day; null: no rate. */
  converted: number | null;
  rate: number | null;
  rate_date: string | null;
  missing_rate: boolean;
}

/**
 * A trip's bookings with their cost (DESIGN.md 3b: the cost, or a cancelled one's penalty) in
 * their own currency and converted to the trip's at the latest rates on or before the service's
 * first day, rounded up once each; the total of the converted ones in minor units. A booking
 * without a rate for its day is flagged and left out of the total, never converted at 1.
 */
export async function tripBookingCosts(db: Db, tripId: number, tripCurrency: Currency) {
  const { rows } = await sql<{
    bookings:
      | {
          id: number;
          kind: string;
          title: string;
          supplier_name: string;
          starts_on: string;
          ends_on: string;
          status: string;
          currency: string;
          cost: number;
          penalty: number | null;
          paid: number;
        }[]
      | null;
    rates: DayRateJson[] | null;
  }>`
    with b as (
      select b.id, b.kind, b.title, s.name as supplier_name, b.starts_on, b.ends_on, b.status,
        b.currency, b.cost, b.penalty, b.paid
      from bookings b join suppliers s on s.id = b.supplier_id
      where b.trip_id = ${tripId}::bigint
    ),
    days as (select distinct starts_on as day from b where currency <> ${tripCurrency})
    select
      (select json_agg(b order by b.starts_on, b.id) from b) as bookings,
      (select json_agg(json_build_array(d.day, latest.date, r.from_currency, r.to_currency,
          r.rate::text))
        from days d
        cross join lateral (select max(date) as date from currency_rates where date <= d.day) latest
        join currency_rates r on r.date = latest.date) as rates`.execute(db);
  const { rates, rateDays } = dayRatesOf(rows[0]?.rates ?? null);
  let totalMinor = 0;
  let missingRate = false;
  const bookings: TripBookingCost[] = (rows[0]?.bookings ?? []).map((row) => {
    const currency = storedCurrency(row.currency);
    const status = row.status as BookingStatus;
    const due = bookingCostOf({ status, cost: Number(row.cost), penalty: row.penalty });
    const paid = Number(row.paid);
    const dueMajor = majorNumber(due, currency);
    const conversion =
      currency === tripCurrency
        ? { amount: String(dueMajor), rate: '1' }
        : convertDecimal(dueMajor, currency, tripCurrency, rates.get(row.starts_on) ?? {});
    if (conversion) totalMinor += toMinorUnits(conversion.amount, tripCurrency);
    else missingRate = true;
    return {
      id: row.id,
      kind: row.kind as BookingKind,
      title: row.title,
      supplier_name: row.supplier_name,
      starts_on: row.starts_on,
      ends_on: row.ends_on,
      status,
      currency,
      amount_due: dueMajor,
      paid: majorNumber(paid, currency),
      debt: majorNumber(due - paid, currency),
      payment_state: paymentStateOf(due, paid),
      converted: conversion ? Number(conversion.amount) : null,
      rate: conversion ? Number(conversion.rate) : null,
      rate_date: currency === tripCurrency ? null : (rateDays.get(row.starts_on) ?? null),
      missing_rate: conversion === null,
    };
  });
  return { bookings, totalMinor, missingRate };
}
