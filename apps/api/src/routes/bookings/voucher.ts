import type { FileChild } from 'docx';
import type { FastifyReply } from 'fastify';
import {
  BOOKING_STATUSES,
  formatDate,
  MEAL_PLANS,
  ROOM_TYPE_LIST,
  ROOM_TYPES,
  TRANSFER_DIRECTIONS,
  type RoomType,
} from '@tour/core';
import type { Db } from '../../db/database';
import type { CompanyDetails } from '../../domain/papers/company-details';
import {
  contactsOf,
  fieldsTable,
  gridTable,
  heading,
  letterhead,
  orBlank,
  packDocument,
  paragraph,
  SHORT_BLANK,
  signatureLines,
  TEXT_WIDTH,
} from '../../domain/papers/docx-parts';
import { attachmentDisposition, DOCX_MIME } from '../../domain/papers/file-name';
import type { BookingParticipantRow } from './repository';
import type { BookingJson } from '@tour/core/contract/bookings';

// The voucher of a hotel or a transfer (DESIGN.md 3 "Bookings"): what the traveller shows the
// hotel's desk or the driver. Built with the documents' parts, so it looks like every document.

/** The supplier's contacts, for the traveller to call. */
export function supplierContacts(db: Db, id: number) {
  return db
    .selectFrom('suppliers')
    .select(['contact_person', 'phone', 'email', 'address'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface VoucherInput {
  company: CompanyDetails;
  booking: BookingJson;
  /** Covered participants who still travel, in the booking's order (rooms first). */
  travellers: BookingParticipantRow[];
  contacts: {
    contact_person: string | null;
    phone: string | null;
    email: string | null;
    address: string | null;
  } | null;
  /** A transfer's linked flight: its title and times. */
  flight: { title: string; starts_on: string; details: Record<string, unknown> } | null;
  /** The day of issue, YYYY-MM-DD. */
  issuedOn: string;
}

/** A text field of `details`, or null. */
export const detailText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The Russian label of a coded field of `details` (room type, meal plan…), or null. */
export const detailLabel = <T extends Record<string, { label: string }>>(
  labels: T,
  value: unknown,
) =>
  typeof value === 'string' && Object.hasOwn(labels, value)
    ? labels[value as keyof T]!.label
    : null;

const text = detailText;
const labelOf = detailLabel;
const joined = (...parts: Array<string | null>) =>
  parts.filter((part): part is string => part !== null).join(', ') || null;

/** A hotel's room plan as its JSON has it: the rooms' types in order. */
export function plannedRooms(booking: BookingJson): { room_type: RoomType }[] {
  return Array.isArray(booking.details.room_plan)
    ? (booking.details.room_plan as { room_type: RoomType }[])
    : [];
}

/** "2 × DBL — двухместный, одна кровать; 1 × SGL — одноместный": the rooms by type. */
function accommodation(rooms: { room_type: RoomType }[]): string | null {
  const counted = ROOM_TYPE_LIST.map((type) => ({
    type,
    count: rooms.filter((room) => room.room_type === type).length,
  })).filter(({ count }) => count > 0);
  return (
    counted.map(({ type, count }) => `${count} × ${ROOM_TYPES[type].label}`).join('; ') || null
  );
}

function hotelFields(
  booking: BookingJson,
  contacts: VoucherInput['contacts'],
): Array<[string, string | null]> {
  const { details } = booking;
  return [
    ['Отель', text(details.hotel_name)],
    ['Категория', text(details.category)],
    ['Город', text(details.city)],
    ['Адрес', contacts?.address ?? null],
    ['Заезд', formatDate(booking.starts_on)],
    ['Выезд', formatDate(booking.ends_on)],
    ['Ночей', String(booking.nights)],
    ['Размещение', accommodation(plannedRooms(booking))],
    ['Питание', labelOf(MEAL_PLANS, details.meal_plan)],
  ];
}

function transferFields(
  booking: BookingJson,
  flight: VoucherInput['flight'],
): Array<[string, string | null]> {
  const { details } = booking;
  const seats = typeof details.seats === 'number' ? String(details.seats) : null;
  const flightLine =
    flight &&
    joined(
      flight.title,
      formatDate(flight.starts_on),
      text(flight.details.departs_at) && `вылет ${text(flight.details.departs_at)}`,
      text(flight.details.arrives_at) && `прилёт ${text(flight.details.arrives_at)}`,
    );
  return [
    ['Дата', formatDate(booking.starts_on)],
    ['Время', text(details.time)],
    ['Направление', labelOf(TRANSFER_DIRECTIONS, details.direction)],
    ['Откуда', text(details.from_place)],
    ['Куда', text(details.to_place)],
    ['Транспорт', text(details.vehicle)],
    ['Мест', seats],
    ['Водитель', text(details.driver_contact)],
    ['Рейс', flightLine],
  ];
}

/** The voucher as DOCX: letterhead, number, supplier and confirmation, service, travellers. */
export function voucherDocx(input: VoucherInput): Promise<Buffer> {
  const { company, booking, travellers, contacts } = input;
  const isHotel = booking.kind === 'hotel';
  const title = `Ваучер №${booking.id}`;
  const rooms = plannedRooms(booking);
  const roomText = (room: number | null) => {
    const planned = room === null ? undefined : rooms[room - 1];
    return planned ? `${room} (${planned.room_type})` : '';
  };
  const travellerRows = travellers.map((person, index) => [
    String(index + 1),
    ...(isHotel ? [roomText(person.room)] : []),
    person.full_name,
    formatDate(person.birth_date),
    person.passport_number ?? '',
  ]);
  const widths = isHotel
    ? [600, 1300, TEXT_WIDTH - 600 - 1300 - 1800 - 2200, 1800, 2200]
    : [600, TEXT_WIDTH - 600 - 1800 - 2200, 1800, 2200];
  const headers = ['№', ...(isHotel ? ['Номер'] : []), 'Фамилия, имя', 'Дата рождения', 'Паспорт'];
  const children: FileChild[] = [
    ...letterhead(company),
    heading(title),
    paragraph(`Дата выдачи: ${formatDate(input.issuedOn)}`, { align: 'right' }),
    heading('Поставщик', 2),
    fieldsTable([
      ['Поставщик', booking.supplier.name],
      ['Контактное лицо', contacts?.contact_person ?? null],
      ['Телефон, e-mail', joined(contacts?.phone ?? null, contacts?.email ?? null)],
      ['Номер подтверждения', booking.confirmation_number],
      ['Статус', BOOKING_STATUSES[booking.status].label],
    ]),
    heading(isHotel ? 'Проживание' : 'Трансфер', 2),
    fieldsTable(isHotel ? hotelFields(booking, contacts) : transferFields(booking, input.flight)),
    heading(`Туристы (${travellers.length})`, 2),
    gridTable(headers, travellerRows, widths),
    paragraph(
      `Тур: ${booking.trip.title}, ${formatDate(booking.trip.starts_on)}–` +
        formatDate(booking.trip.ends_on),
      { before: 240 },
    ),
    paragraph(`Контакты туроператора: ${contactsOf(company)}`),
    ...signatureLines(
      orBlank(company.director.position, SHORT_BLANK),
      orBlank(company.director.shortName, SHORT_BLANK),
      true,
    ),
  ];
  return packDocument({ title, company, children });
}

/** Sends a voucher: the DOCX as an attachment, never kept by a cache (passport data). */
export function sendVoucher(
  reply: FastifyReply,
  file: { name: string; asciiName: string; content: Buffer },
): FastifyReply {
  return reply
    .header('content-type', DOCX_MIME)
    .header('content-disposition', attachmentDisposition(file.name, file.asciiName))
    .header('cache-control', 'no-store')
    .send(file.content);
}
