import {
  normalizeRange,
  toApiDate,
  toDayjs,
  type Dayjs,
  type RequestSource,
  type TourRequest,
  type ValidationErrors,
} from '@tour/shared';
import type { TicketFields, Traveller } from '../api/tickets-api';

/** The request form's values: the dates as one range, the texts as typed. */
export interface TicketFormValues {
  source: RequestSource | undefined;
  contact_name: string;
  phone: string;
  email: string;
  prepared_tour_id: number | null;
  trip_id: number | null;
  dates: [Dayjs | null, Dayjs | null] | null;
  adults: number | null;
  children: number | null;
  comment: string;
}

/** A field of the request form. */
export type TicketFormField = keyof TicketFormValues;

/** The values of a new request's form. */
export function emptyTicketForm(): TicketFormValues {
  return {
    source: undefined,
    contact_name: '',
    phone: '',
    email: '',
    prepared_tour_id: null,
    trip_id: null,
    dates: null,
    adults: 1,
    children: 0,
    comment: '',
  };
}

/** The form's values for a stored request. */
export function ticketFormValues(ticket: TourRequest): TicketFormValues {
  return {
    source: ticket.source,
    contact_name: ticket.contact_name,
    phone: ticket.phone ?? '',
    email: ticket.email ?? '',
    prepared_tour_id: ticket.prepared_tour_id,
    trip_id: ticket.trip_id,
    dates:
      ticket.date_from || ticket.date_to
        ? [toDayjs(ticket.date_from), toDayjs(ticket.date_to)]
        : null,
    adults: ticket.adults,
    children: ticket.children,
    comment: ticket.comment ?? '',
  };
}

const text = (value: string | undefined | null) => value?.trim() || null;
const date = (value: Dayjs | null | undefined) => (value ? toApiDate(value) || null : null);

/** The POST /admin/tickets and PUT /admin/ticket/:id body of the form's values. */
export function ticketBodyOf(values: Partial<TicketFormValues>): TicketFields {
  const [from, to] = normalizeRange(values.dates ?? [null, null]);
  return {
    source: values.source as RequestSource,
    contact_name: values.contact_name?.trim() ?? '',
    phone: text(values.phone),
    email: text(values.email),
    prepared_tour_id: values.prepared_tour_id ?? null,
    trip_id: values.trip_id ?? null,
    date_from: date(from),
    date_to: date(to),
    adults: values.adults ?? 0,
    children: values.children ?? 0,
    comment: text(values.comment),
  };
}

const FORM_FIELDS: readonly TicketFormField[] = [
  'source',
  'contact_name',
  'phone',
  'email',
  'prepared_tour_id',
  'trip_id',
  'adults',
  'children',
  'comment',
];

/** A form field's name path (a traveller's phone is ['travellers', 1, 'phone']). */
export type FieldPath = (string | number)[];

/** Server errors split into those shown under a form field and the rest (shown above the form). */
export interface SplitErrors {
  fields: { name: FieldPath; errors: string[] }[];
  other: string[];
}

function collect(errors: ValidationErrors, nameOf: (key: string) => FieldPath | null): SplitErrors {
  const byField = new Map<string, { name: FieldPath; errors: string[] }>();
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const name = nameOf(key);
    if (!name) {
      other.push(...messages);
      continue;
    }
    const id = name.join('.');
    const entry = byField.get(id) ?? { name, errors: [] };
    entry.errors = [...new Set([...entry.errors, ...messages])];
    byField.set(id, entry);
  }
  return { fields: [...byField.values()], other: [...new Set(other)] };
}

/** The request form's errors: `date_from` and `date_to` belong to the range, the rest by name. */
export function splitTicketErrors(errors: ValidationErrors): SplitErrors {
  return collect(errors, (key) => {
    if (key === 'date_from' || key === 'date_to') return ['dates'];
    return (FORM_FIELDS as readonly string[]).includes(key) ? [key] : null;
  });
}

/** A companion's row of the conversion form: contacts as typed, the passport's dates as Dayjs. */
export interface CompanionValues {
  full_name?: string;
  phone?: string;
  email?: string;
  birth_date?: Dayjs | null;
  citizenship?: string;
  passport_number?: string;
  passport_issued_at?: Dayjs | null;
  passport_expires_at?: Dayjs | null;
}

/** The conversion form's values: the trip and the contact's companions. */
export interface ConvertFormValues {
  trip_id: number | null;
  travellers: CompanionValues[];
}

/** A companion's empty row. */
export function emptyCompanion(): CompanionValues {
  return {
    full_name: '',
    phone: '',
    email: '',
    birth_date: null,
    citizenship: '',
    passport_number: '',
    passport_issued_at: null,
    passport_expires_at: null,
  };
}

/**
 * The conversion form for a request: its desired trip and a row per companion of the contact. An
 * agent's request names its travellers (the contact among them, first): the others fill the rows;
 * any other request gets an empty row per adult and child beyond the contact.
 */
export function convertFormValues(ticket: TourRequest): ConvertFormValues {
  if (ticket.travellers.length > 0) {
    const contact = ticket.travellers.findIndex(
      (traveller) =>
        traveller.full_name === ticket.contact_name && traveller.phone === ticket.phone,
    );
    return {
      trip_id: ticket.trip_id,
      travellers: ticket.travellers
        .filter((_traveller, index) => index !== contact)
        .map((traveller) => ({
          ...emptyCompanion(),
          full_name: traveller.full_name,
          phone: traveller.phone ?? '',
        })),
    };
  }
  const companions = Math.max(ticket.adults + ticket.children - 1, 0);
  return {
    trip_id: ticket.trip_id,
    travellers: Array.from({ length: companions }, emptyCompanion),
  };
}

/** The companions as POST /admin/ticket/:id/convert takes them. */
export function travellersOf(values: Partial<ConvertFormValues>): Traveller[] {
  return (values.travellers ?? []).map((row) => ({
    full_name: row?.full_name?.trim() ?? '',
    phone: text(row?.phone),
    email: text(row?.email),
    birth_date: date(row?.birth_date),
    citizenship: text(row?.citizenship),
    passport_number: text(row?.passport_number),
    passport_issued_at: date(row?.passport_issued_at),
    passport_expires_at: date(row?.passport_expires_at),
  }));
}

const TRAVELLER_KEY =
  /^travellers\.(\d+)\.(full_name|phone|email|birth_date|citizenship|passport_number|passport_issued_at|passport_expires_at|user_id)$/;

/**
 * The conversion's errors: a companion's field under its row's field (a refusal of its seat or
 * of the tourist found, `user_id`, under its name); the trip under the trip; the contact's own
 * (unprefixed: the contact is the first participant) and the rest above the form.
 */
export function splitConvertErrors(errors: ValidationErrors): SplitErrors {
  return collect(errors, (key) => {
    if (key === 'trip_id') return ['trip_id'];
    const match = TRAVELLER_KEY.exec(key);
    if (!match) return null;
    const field = match[2] === 'user_id' ? 'full_name' : match[2]!;
    return ['travellers', Number(match[1]), field];
  });
}
