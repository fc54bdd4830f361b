import {
  BOOKING_KINDS,
  BOOKING_STATUSES,
  dayjs,
  FLIGHT_CLASSES,
  formatDate,
  isCurrency,
  MEAL_PLANS,
  PAYMENT_STATES,
  roomPlanSummary,
  TRANSFER_DIRECTIONS,
  type BookingKind,
  type Currency,
  type RoomType,
} from '@tour/core';
import type { Db } from '../../db/database';
import { notFound, validationError } from '../../lib/http-errors';
import { workbookOf, type Column } from '../../lib/xlsx-layout';
import { companyForPrint, xlsxCompany } from '../company/service';
import { companyDetails } from '../../domain/papers/company-details';
import { safeDocxFileName } from '../../domain/papers/file-name';
import { businessToday } from '../../domain/business-day';
import * as repo from './repository';
import type { BookingExportQuery, BookingJson } from '@tour/core/contract/bookings';
import { BOOKING_MESSAGES, bookingJson, currencyTotalJson, monthRange } from './service';
import {
  detailLabel,
  detailText,
  plannedRooms,
  sendVoucher,
  supplierContacts,
  voucherDocx,
} from './voucher';

export { sendVoucher };

// The booking section's files (DESIGN.md 6 "Exports"): the month list as the screen shows it,
// the hotel's rooming list, the insurer's list of the insured, and (voucher.ts) the voucher.

/**
 * A file to send: its Unicode name and a name for clients that do not read filename* (a
 * workbook's ASCII name as is; a voucher's name is transliterated, this is its last resort).
 */
export interface ExportFile {
  name: string;
  asciiName: string;
  content: Buffer;
}

export const EXPORT_MESSAGES = {
  roomingListHotelOnly: 'Список размещения составляется только для бронирования отеля',
  insuredListInsuranceOnly: 'Список застрахованных составляется только для мед. страховки',
  voucherKind: 'Ваучер выдаётся только для отеля или трансфера',
  voucherCancelled: 'Бронирование отменено: ваучер по нему не выдаётся',
} as const;

/** The booking, or 404; a kind not among `kinds` is refused with `message` (422). */
async function bookingOfKind(
  db: Db,
  id: number,
  kinds: readonly BookingKind[],
  message: string,
): Promise<{ row: repo.BookingRow; booking: BookingJson }> {
  const row = await repo.findBooking(db, id);
  if (!row) throw notFound(BOOKING_MESSAGES.notFound);
  if (!kinds.includes(row.kind as BookingKind)) throw validationError({ kind: [message] }, message);
  return { row, booking: bookingJson(row) };
}

/** A Unicode file name a browser saves as is (documents' rules), ending in `.xlsx`. */
function xlsxName(base: string, fallback: string): string {
  return `${safeDocxFileName(base, fallback).slice(0, -'.docx'.length)}.xlsx`;
}

const text = detailText;
const labelOf = detailLabel;
const numberIn = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const currencyIn = (value: unknown): Currency | null => (isCurrency(value) ? value : null);

// ---------------------------------------------------------------------------------------------
// GET /admin/bookings/export

type Total = ReturnType<typeof currencyTotalJson>;
type BookingColumn = Column<BookingJson, Total>;

const d = (booking: BookingJson) => booking.details;

/** The kind's own columns, between the dates and the participants. */
const KIND_COLUMNS: Record<BookingKind, BookingColumn[]> = {
  hotel: [
    { header: 'Ночей', width: 7, value: (b) => b.nights },
    { header: 'Номера', width: 18, value: (b) => roomPlanSummary(plannedRooms(b)) || null },
    { header: 'Номеров', width: 9, value: (b) => plannedRooms(b).length || null },
    { header: 'Питание', width: 9, value: (b) => text(d(b).meal_plan) },
  ],
  air_ticket: [
    { header: 'Вылет', width: 7, value: (b) => text(d(b).departs_at) },
    { header: 'Прилёт', width: 7, value: (b) => text(d(b).arrives_at) },
    { header: 'Класс', width: 15, value: (b) => labelOf(FLIGHT_CLASSES, d(b).flight_class) },
    { header: 'PNR', width: 10, value: (b) => text(d(b).pnr) },
  ],
  health_insurance: [
    { header: 'Дней', width: 7, value: (b) => b.days },
    {
      header: 'Страховая сумма',
      width: 16,
      kind: 'amount',
      value: (b) => numberIn(d(b).coverage),
      currency: (b) => currencyIn(d(b).coverage_currency),
    },
  ],
  transfer: [
    { header: 'Время', width: 7, value: (b) => text(d(b).time) },
    {
      header: 'Направление',
      width: 26,
      value: (b) => labelOf(TRANSFER_DIRECTIONS, d(b).direction),
    },
    { header: 'Транспорт', width: 16, value: (b) => text(d(b).vehicle) },
    { header: 'Мест', width: 7, value: (b) => numberIn(d(b).seats) },
  ],
  guide: [
    { header: 'Дней', width: 7, value: (b) => b.days },
    {
      header: 'Языки',
      width: 18,
      value: (b) =>
        Array.isArray(d(b).languages) ? (d(b).languages as string[]).join(', ') : null,
    },
    {
      header: 'Ставка в день',
      width: 14,
      kind: 'amount',
      value: (b) => numberIn(d(b).rate_per_day),
    },
  ],
  activity: [
    { header: 'Время', width: 7, value: (b) => text(d(b).time) },
    {
      header: 'Билетов',
      width: 9,
      value: (b) =>
        Array.isArray(d(b).tickets)
          ? (d(b).tickets as { count: number }[]).reduce((sum, t) => sum + t.count, 0)
          : null,
    },
  ],
  tour_expense: [],
};

function bookingColumns(kind: BookingKind): BookingColumn[] {
  return [
    { header: '№', width: 8, value: (b) => b.id },
    { header: 'Тур', width: 30, value: (b) => b.trip.title },
    { header: 'Поставщик', width: 26, value: (b) => b.supplier.name },
    { header: 'Услуга', width: 32, value: (b) => b.title },
    { header: 'Начало', width: 12, kind: 'date', value: (b) => b.starts_on },
    { header: 'Окончание', width: 12, kind: 'date', value: (b) => b.ends_on },
    ...KIND_COLUMNS[kind],
    { header: 'Участников', width: 11, value: (b) => b.covered },
    { header: 'Статус', width: 14, value: (b) => BOOKING_STATUSES[b.status].label },
    { header: 'Номер подтверждения', width: 20, value: (b) => b.confirmation_number },
    {
      header: 'Валюта',
      width: 8,
      value: (b) => b.currency.toUpperCase(),
      total: (t) => t.currency.toUpperCase(),
    },
    { header: 'Стоимость', width: 15, kind: 'amount', value: (b) => b.cost },
    { header: 'Штраф', width: 13, kind: 'amount', value: (b) => b.penalty },
    {
      header: 'К оплате',
      width: 15,
      kind: 'amount',
      value: (b) => b.amount_due,
      total: (t) => t.amount_due,
    },
    { header: 'Оплачено', width: 15, kind: 'amount', value: (b) => b.paid, total: (t) => t.paid },
    { header: 'Долг', width: 15, kind: 'amount', value: (b) => b.debt, total: (t) => t.debt },
    { header: 'Оплата', width: 18, value: (b) => PAYMENT_STATES[b.payment_state].label },
    { header: 'Срок оплаты', width: 12, kind: 'date', value: (b) => b.payment_due_on },
    { header: 'Просрочено', width: 11, value: (b) => (b.overdue ? 'да' : null) },
  ];
}

/** "Ноябрь 2026". */
function monthTitle(firstDay: string): string {
  const label = dayjs(firstDay).format('MMMM YYYY');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * The file of GET /admin/bookings/export: every booking the list finds with the same filters
 * (its order), then the totals per currency exactly as the list's `totals`. Rows and totals are
 * read in one snapshot, so the totals are always those of the rows above them.
 */
export async function bookingsWorkbook(db: Db, query: BookingExportQuery): Promise<ExportFile> {
  const { month, ...filters } = query;
  const range = monthRange(month);
  const filter: repo.BookingFilter = { ...filters, from: range.first_day, to: range.last_day };
  const today = businessToday();
  const { rows, totals } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => ({
      rows: await repo.allBookings(trx, filter),
      totals: await repo.totalsByCurrency(trx, filter),
    }));
  const kind = query.kind;
  const label = BOOKING_KINDS[kind].label.replace(/\//g, '-');
  const monthDots = range.month.replace('-', '.');
  const content = await workbookOf<BookingJson, Total>(
    {
      name: `${label} ${monthDots}`,
      title:
        `${BOOKING_KINDS[kind].label}: ${monthTitle(range.first_day)} ` +
        `(${formatDate(range.first_day)}–${formatDate(range.last_day)})`,
      columns: bookingColumns(kind),
      rows: rows.map((row) => bookingJson(row, today)),
      currencyOf: (booking) => booking.currency,
      totals: {
        rows: totals.map(currencyTotalJson),
        label: (total) => `Итого (бронирований: ${total.count})`,
        currencyOf: (total) => total.currency,
      },
    },
    await xlsxCompany(db),
  );
  const [mm, yyyy] = range.month.split('-');
  return {
    name: xlsxName(`${label} ${monthDots}`, `bookings-${kind}-${yyyy}-${mm}`),
    asciiName: `bookings-${kind}-${yyyy}-${mm}.xlsx`,
    content,
  };
}

// ---------------------------------------------------------------------------------------------
// GET /admin/booking/:id/rooming-list and /insured-list

type Occupant = repo.BookingParticipantRow;

/** The covered participants who still travel: a cancelled one drops out at once (DESIGN.md 3). */
const travelling = (row: repo.BookingRow): Occupant[] =>
  (row.participants ?? []).filter((participant) => participant.status !== 'cancelled');

/** A line of the list of guests: a guest in a room, a room not filled yet, or a guest unplaced. */
interface RoomingLine {
  room: number | null;
  roomType: RoomType | null;
  guest: Occupant | null;
}

const ROOMING_COLUMNS: Column<RoomingLine, never>[] = [
  { header: 'Номер', width: 8, value: (line) => line.room },
  {
    header: 'Тип номера',
    width: 12,
    value: (line) => line.roomType ?? (line.guest ? 'без номера' : null),
  },
  {
    header: 'ФИО',
    width: 36,
    value: (line) => line.guest?.full_name ?? 'гости уточняются',
  },
  {
    header: 'Дата рождения',
    width: 14,
    kind: 'date',
    value: (line) => line.guest?.birth_date ?? null,
  },
  { header: 'Номер паспорта', width: 16, value: (line) => line.guest?.passport_number ?? null },
  { header: 'Гражданство', width: 18, value: (line) => line.guest?.citizenship ?? null },
];

/**
 * The guests room by room, as the plan numbers its rooms (a room nobody travelling is in yet
 * still gets its line: it is booked), then those not placed in a room yet.
 */
export function roomingLines(row: repo.BookingRow, booking: BookingJson): RoomingLine[] {
  const guests = travelling(row);
  const lines: RoomingLine[] = [];
  plannedRooms(booking).forEach((planned, index) => {
    const room = index + 1;
    const inRoom = guests.filter((guest) => guest.room === room);
    if (inRoom.length === 0) lines.push({ room, roomType: planned.room_type, guest: null });
    for (const guest of inRoom) lines.push({ room, roomType: planned.room_type, guest });
  });
  const rooms = plannedRooms(booking).length;
  for (const guest of guests) {
    if (guest.room === null || guest.room > rooms)
      lines.push({ room: null, roomType: null, guest });
  }
  return lines;
}

/**
 * The hotel's list of guests by room («Список размещения», the rooming list the hotel asks for):
 * the stay in a header, then the rooms of the plan in order with their guests, then the guests
 * not placed yet; cancelled participants left out.
 */
export async function roomingListWorkbook(db: Db, id: number): Promise<ExportFile> {
  const { row, booking } = await bookingOfKind(
    db,
    id,
    ['hotel'],
    EXPORT_MESSAGES.roomingListHotelOnly,
  );
  const details = booking.details;
  const guests = travelling(row);
  const hotel = text(details.hotel_name) ?? booking.title;
  const contacts = await supplierContacts(db, booking.supplier.id);
  const content = await workbookOf<RoomingLine>(
    {
      name: 'Список размещения',
      title: `Список размещения: ${hotel}`,
      fields: [
        { label: 'Отель', value: hotel },
        { label: 'Категория', value: text(details.category) },
        { label: 'Город', value: text(details.city) },
        { label: 'Адрес', value: contacts?.address ?? null },
        { label: 'Заезд', value: booking.starts_on, kind: 'date' },
        { label: 'Выезд', value: booking.ends_on, kind: 'date' },
        { label: 'Ночей', value: booking.nights },
        { label: 'Номера', value: roomPlanSummary(plannedRooms(booking)) || null },
        { label: 'Номеров', value: plannedRooms(booking).length },
        { label: 'Питание', value: labelOf(MEAL_PLANS, details.meal_plan) },
        { label: 'Номер подтверждения', value: booking.confirmation_number },
        { label: 'Гостей', value: guests.length },
        { label: 'Тур', value: booking.trip.title },
      ],
      columns: ROOMING_COLUMNS,
      rows: roomingLines(row, booking),
    },
    await xlsxCompany(db),
  );
  return {
    name: xlsxName(
      `Список размещения ${hotel} ${formatDate(booking.starts_on)}`,
      `rooming-list-${id}`,
    ),
    asciiName: `rooming-list-${id}.xlsx`,
    content,
  };
}

interface Insured {
  number: number;
  person: Occupant;
  booking: BookingJson;
}

const INSURED_COLUMNS: Column<Insured, never>[] = [
  { header: '№', width: 5, value: (i) => i.number },
  { header: 'ФИО', width: 36, value: (i) => i.person.full_name },
  { header: 'Дата рождения', width: 14, kind: 'date', value: (i) => i.person.birth_date },
  { header: 'Номер паспорта', width: 16, value: (i) => i.person.passport_number },
  { header: 'Номер полиса', width: 18, value: (i) => i.person.policy_number },
  { header: 'С', width: 12, kind: 'date', value: (i) => i.booking.starts_on },
  { header: 'По', width: 12, kind: 'date', value: (i) => i.booking.ends_on },
  { header: 'Дней', width: 7, value: (i) => i.booking.days },
  { header: 'Территория', width: 24, value: (i) => text(i.booking.details.territory) },
  { header: 'Программа', width: 24, value: (i) => text(i.booking.details.plan) },
  {
    header: 'Страховая сумма',
    width: 16,
    kind: 'amount',
    value: (i) => numberIn(i.booking.details.coverage),
    currency: (i) => currencyIn(i.booking.details.coverage_currency),
  },
  {
    header: 'Валюта',
    width: 8,
    value: (i) => currencyIn(i.booking.details.coverage_currency)?.toUpperCase() ?? null,
  },
];

/** The insurer's list: a line per insured participant who still travels, with the policy. */
export async function insuredListWorkbook(db: Db, id: number): Promise<ExportFile> {
  const { row, booking } = await bookingOfKind(
    db,
    id,
    ['health_insurance'],
    EXPORT_MESSAGES.insuredListInsuranceOnly,
  );
  const insured = travelling(row);
  const plan = text(booking.details.plan) ?? booking.title;
  const content = await workbookOf<Insured>(
    {
      name: 'Застрахованные',
      title: `Список застрахованных: ${plan}`,
      fields: [
        { label: 'Страховая компания', value: booking.supplier.name },
        { label: 'Номер подтверждения', value: booking.confirmation_number },
        { label: 'Тур', value: booking.trip.title },
        { label: 'Застрахованных', value: insured.length },
      ],
      columns: INSURED_COLUMNS,
      rows: insured.map((person, index) => ({ number: index + 1, person, booking })),
    },
    await xlsxCompany(db),
  );
  return {
    name: xlsxName(`Застрахованные ${plan} ${formatDate(booking.starts_on)}`, `insured-list-${id}`),
    asciiName: `insured-list-${id}.xlsx`,
    content,
  };
}

// ---------------------------------------------------------------------------------------------
// GET /admin/booking/:id/voucher

/**
 * The voucher of a hotel or a transfer booking (DOCX): the supplier and its confirmation number,
 * the service, the travellers (cancelled participants left out). A cancelled booking has none:
 * a voucher in a traveller's hands promises a service.
 */
export async function voucherDocument(db: Db, id: number): Promise<ExportFile> {
  const { row, booking } = await bookingOfKind(
    db,
    id,
    ['hotel', 'transfer'],
    EXPORT_MESSAGES.voucherKind,
  );
  if (booking.status === 'cancelled') {
    throw validationError(
      { status: [EXPORT_MESSAGES.voucherCancelled] },
      EXPORT_MESSAGES.voucherCancelled,
    );
  }
  const flightId = booking.details.flight_booking_id;
  const [contacts, flight, company] = await Promise.all([
    supplierContacts(db, booking.supplier.id),
    typeof flightId === 'number' ? repo.findBooking(db, flightId) : undefined,
    companyForPrint(db),
  ]);
  const content = await voucherDocx({
    company: companyDetails(company),
    booking,
    travellers: travelling(row),
    contacts: contacts ?? null,
    flight: flight ?? null,
    issuedOn: businessToday(),
  });
  return {
    name: safeDocxFileName(`Ваучер №${id} ${booking.title}`, `Ваучер ${id}`),
    asciiName: `voucher-${id}.docx`,
    content,
  };
}
