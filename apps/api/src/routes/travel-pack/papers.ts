import type { FileChild } from 'docx';
import { FLIGHT_CLASSES, formatAmount, formatDate, isCurrency } from '@tour/core';
import type { CompanyDetails } from '../../domain/papers/company-details';
import type { DocumentTrip } from '../../domain/papers/document-data';
import {
  contactsOf,
  destinationOf,
  fieldsTable,
  heading,
  letterhead,
  packDocument,
  paragraph,
  periodOf,
  programmeTable,
} from '../../domain/papers/docx-parts';
import { detailLabel, detailText } from '../bookings/service';

// The travel pack's own papers (issue 32): the tourist's flights, insurance, the programme and
// the prepared tour's memo, each a DOCX under the company's letterhead. The vouchers are the
// booking section's (bookings/voucher.ts).

/** The tourist the pack is for, and its trip. */
export interface PackHeader {
  company: CompanyDetails;
  fullName: string;
  birthDate: string | null;
  passportNumber: string | null;
  trip: { title: string; startsOn: string; endsOn: string };
}

/** One flight of the tourist: a confirmed air ticket booking covering it. */
export interface PackFlight {
  supplierName: string;
  startsOn: string;
  endsOn: string;
  confirmationNumber: string | null;
  details: Record<string, unknown>;
  /** The tourist's own ticket. */
  ticketNumber: string | null;
}

/** One insurance of the tourist: a confirmed health insurance booking covering it. */
export interface PackInsurance {
  insurer: string;
  insurerPhone: string | null;
  startsOn: string;
  endsOn: string;
  days: number;
  details: Record<string, unknown>;
  /** The tourist's own policy. */
  policyNumber: string | null;
}

const text = detailText;
const join = (separator: string, ...parts: Array<string | null | undefined>) =>
  parts.filter((part): part is string => Boolean(part)).join(separator) || null;

/** «Осмонова Айгуль Бакытовна, тур «Осенняя Япония», 10.11.2027–20.11.2027». */
function whoAndWhere(header: PackHeader): FileChild[] {
  const { trip } = header;
  return [
    paragraph(`Турист: ${header.fullName}`, { bold: true, after: 60 }),
    paragraph(`Тур: ${trip.title}, ${formatDate(trip.startsOn)}–${formatDate(trip.endsOn)}`),
  ];
}

function footer(company: CompanyDetails): FileChild[] {
  return [paragraph(`Контакты туроператора: ${contactsOf(company)}`, { before: 240 })];
}

/** «10.11.2027, 09:40» or the date alone. */
const when = (day: string, time: unknown) => join(', ', formatDate(day), text(time));

/** «Авиабилеты»: each flight's carrier, number, airports, times, PNR, ticket and baggage. */
export function flightsDocx(header: PackHeader, flights: PackFlight[]): Promise<Buffer> {
  const title = 'Авиабилеты';
  const children: FileChild[] = [
    ...letterhead(header.company),
    heading(title),
    ...whoAndWhere(header),
  ];
  flights.forEach((flight, index) => {
    const d = flight.details;
    const carrier = text(d.carrier) ?? flight.supplierName;
    const number = text(d.flight_number);
    children.push(
      heading(`Рейс ${index + 1}: ${join(' ', carrier, number)}`, 2),
      fieldsTable([
        ['Авиакомпания', carrier],
        ['Рейс', number],
        ['Откуда', text(d.from_airport)],
        ['Вылет', when(flight.startsOn, d.departs_at)],
        ['Куда', text(d.to_airport)],
        ['Прилёт', when(flight.endsOn, d.arrives_at)],
        ['Класс', detailLabel(FLIGHT_CLASSES, d.flight_class)],
        ['Код бронирования (PNR)', text(d.pnr) ?? flight.confirmationNumber],
        ['Номер билета', flight.ticketNumber],
        ['Багаж', text(d.baggage)],
      ]),
    );
  });
  children.push(
    paragraph(
      'Время вылета и прилёта — местное. На международный рейс приезжайте в аэропорт за три ' +
        'часа до вылета; паспорт предъявляется при регистрации и на посадке.',
      { before: 240 },
    ),
    ...footer(header.company),
  );
  return packDocument({ title, company: header.company, children });
}

/** «Страховка»: each policy's insurer, plan, coverage, territory, dates and number. */
export function insuranceDocx(header: PackHeader, policies: PackInsurance[]): Promise<Buffer> {
  const title = 'Страховка';
  const children: FileChild[] = [
    ...letterhead(header.company),
    heading('Медицинская страховка'),
    ...whoAndWhere(header),
  ];
  policies.forEach((policy, index) => {
    const d = policy.details;
    const coverage =
      typeof d.coverage === 'number' && isCurrency(d.coverage_currency)
        ? formatAmount(d.coverage, d.coverage_currency)
        : null;
    children.push(
      heading(policies.length > 1 ? `Полис ${index + 1}` : 'Полис', 2),
      fieldsTable([
        ['Страховая компания', policy.insurer],
        ['Телефон страховой компании', policy.insurerPhone],
        ['Программа страхования', text(d.plan)],
        ['Страховая сумма', coverage],
        ['Территория', text(d.territory)],
        ['Период', `${formatDate(policy.startsOn)}–${formatDate(policy.endsOn)}`],
        ['Дней', String(policy.days)],
        ['Номер полиса', policy.policyNumber],
        ['Застрахованный', header.fullName],
        ['Дата рождения', formatDate(header.birthDate)],
        ['Паспорт', header.passportNumber],
      ]),
    );
  });
  children.push(
    paragraph(
      'При болезни или травме сначала позвоните в страховую компанию (сервисную службу, ' +
        'указанную в полисе) и назовите номер полиса: она направит в клинику. Сохраняйте все ' +
        'чеки и медицинские документы.',
      { before: 240 },
    ),
    ...footer(header.company),
  );
  return packDocument({ title, company: header.company, children });
}

/** «Программа тура»: the destination, the dates and the day-by-day programme with the hotels. */
export function programmeDocx(header: PackHeader, trip: DocumentTrip): Promise<Buffer> {
  const title = 'Программа тура';
  return packDocument({
    title,
    company: header.company,
    children: [
      ...letterhead(header.company),
      heading(title),
      fieldsTable([
        ['Тур', header.trip.title],
        ['Турист', header.fullName],
        ['Направление', destinationOf(trip)],
        ['Сроки', periodOf(trip)],
      ]),
      paragraph('', { after: 120 }),
      programmeTable(trip),
      paragraph(
        'Туроператор может менять порядок экскурсий, сохраняя их состав, если этого требуют ' +
          'погода или расписание объектов.',
        { before: 240 },
      ),
      ...footer(header.company),
    ],
  });
}

/** «Памятка туристу»: the prepared tour's memo as written, a paragraph per line of text. */
export function memoDocx(header: PackHeader, tourTitle: string, memo: string): Promise<Buffer> {
  const title = 'Памятка туристу';
  const lines = memo.split('\n').filter((line) => line.trim() !== '');
  return packDocument({
    title,
    company: header.company,
    children: [
      ...letterhead(header.company),
      heading(title),
      paragraph(tourTitle, { align: 'center', bold: true, after: 240 }),
      ...lines.map((line) => paragraph(line, { indent: true })),
      ...footer(header.company),
    ],
  });
}
