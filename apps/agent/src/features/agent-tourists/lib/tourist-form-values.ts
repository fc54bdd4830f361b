import {
  toApiDate,
  toDayjs,
  type AgentTourist,
  type AgentTouristBody,
  type Dayjs,
} from '@tour/shared';

/** The tourist form's values: the API's fields, dates as Dayjs, blanks as '' or null. */
export interface TouristFormValues {
  full_name: string;
  email: string;
  phone: string;
  birth_date: Dayjs | null;
  citizenship: string;
  passport_number: string;
  passport_issued_at: Dayjs | null;
  passport_expires_at: Dayjs | null;
  notes: string;
}

/** The form's fields, named as the API names them (its errors land on the field of that name). */
export const TOURIST_FORM_FIELDS = [
  'full_name',
  'email',
  'phone',
  'birth_date',
  'citizenship',
  'passport_number',
  'passport_issued_at',
  'passport_expires_at',
  'notes',
] as const satisfies readonly (keyof TouristFormValues)[];

/** The values of a tourist's form (a new one's when none is given). */
export function touristFormValues(tourist?: AgentTourist | null): TouristFormValues {
  return {
    full_name: tourist?.full_name ?? '',
    email: tourist?.email ?? '',
    phone: tourist?.phone ?? '',
    birth_date: toDayjs(tourist?.birth_date),
    citizenship: tourist?.citizenship ?? '',
    passport_number: tourist?.passport_number ?? '',
    passport_issued_at: toDayjs(tourist?.passport_issued_at),
    passport_expires_at: toDayjs(tourist?.passport_expires_at),
    notes: tourist?.notes ?? '',
  };
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const date = (value: Dayjs | null | undefined): string | null => toApiDate(value) || null;

/** The POST/PUT body: every field, blanks as null (so an edit can clear one), dates YYYY-MM-DD. */
export function touristBodyOf(values: Partial<TouristFormValues>): AgentTouristBody {
  return {
    full_name: text(values.full_name) ?? '',
    email: text(values.email),
    phone: text(values.phone),
    birth_date: date(values.birth_date),
    citizenship: text(values.citizenship),
    passport_number: text(values.passport_number),
    passport_issued_at: date(values.passport_issued_at),
    passport_expires_at: date(values.passport_expires_at),
    notes: text(values.notes),
  };
}
