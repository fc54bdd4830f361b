import { TRIP_STATUSES } from '@tour/core';
import type { Db } from '../../db/database';
import { xlsxOf, type XlsxColumn } from '../../lib/xlsx';
import { xlsxCompany } from '../company/service';
import { businessToday } from '../../domain/business-day';
import type { TripExportQuery, TripJson } from '@tour/core/contract/trips';
import { exportedTrips } from './trip-service';
import type { ScopeViewer } from '../../domain/reach';

/** Shown where a debt cannot be known: a payment has no rate for its day (never converted at 1). */
export const NO_RATE = 'нет курса';

/** The trips list's columns, as the screen shows them (DESIGN.md 6 "Exports"). */
export const TRIP_EXPORT_COLUMNS: XlsxColumn<TripJson>[] = [
  { header: 'Тур', width: 40, value: (trip) => trip.title },
  { header: 'Заготовленный тур', width: 30, value: (trip) => trip.prepared_tour_title },
  { header: 'Страна', width: 16, value: (trip) => trip.country },
  { header: 'Начало', width: 12, kind: 'date', value: (trip) => trip.starts_on },
  { header: 'Окончание', width: 12, kind: 'date', value: (trip) => trip.ends_on },
  { header: 'Статус', width: 14, value: (trip) => TRIP_STATUSES[trip.status].label },
  { header: 'Менеджер', width: 28, value: (trip) => trip.manager_name },
  { header: 'Валюта', width: 8, value: (trip) => trip.currency.toUpperCase() },
  { header: 'Цена за человека', width: 16, kind: 'amount', value: (trip) => trip.price },
  { header: 'Мест', width: 8, value: (trip) => trip.seats },
  { header: 'Занято', width: 8, value: (trip) => trip.seats_taken },
  {
    header: 'Долг участников',
    width: 18,
    kind: 'amount',
    value: (trip) => (trip.debt_missing_rates ? NO_RATE : trip.debt),
  },
];

/** The file of GET /admin/trips/export: the list's trips under its filters, all pages. */
export async function tripsWorkbook(db: Db, viewer: ScopeViewer, query: TripExportQuery) {
  const trips = await exportedTrips(db, viewer, query);
  const today = businessToday();
  return {
    name: `Туры ${today.split('-').reverse().join('.')}.xlsx`,
    asciiName: `trips-${today}.xlsx`,
    content: await xlsxOf(await xlsxCompany(db), 'Туры', TRIP_EXPORT_COLUMNS, trips),
  };
}
