import type { AgentRequestBody, ValidationErrors } from '@tour/shared';

/** How many travellers one request may name (the API's limit). */
export const MAX_REQUEST_TOURISTS = 20;

/** One traveller's row of the form. */
export interface RequestTouristValues {
  full_name: string;
  phone: string;
  /** The agent's saved tourist the row was filled from (not sent: its name and phone are). */
  tourist_id?: number;
  /** Keep a new traveller among the agent's tourists. */
  save?: boolean;
}

/** The request form's values. */
export interface RequestFormValues {
  trip_id: number | undefined;
  tourists: RequestTouristValues[];
  comment: string;
}

/** A traveller's empty row. */
export const EMPTY_TOURIST: RequestTouristValues = { full_name: '', phone: '' };

/** A new form: one traveller, no departure unless the tour has only one to choose. */
export function emptyRequestForm(tripId?: number): RequestFormValues {
  return { trip_id: tripId, tourists: [{ ...EMPTY_TOURIST }], comment: '' };
}

const text = (value: string | undefined) => value?.trim() ?? '';

/** The POST body of the form: every traveller in the form's order, blanks as null. */
export function requestBodyOf(values: RequestFormValues): AgentRequestBody {
  return {
    trip_id: values.trip_id ?? 0,
    tourists: (values.tourists ?? []).map((tourist) => ({
      full_name: text(tourist?.full_name),
      phone: text(tourist?.phone) || null,
      ...(tourist?.save && tourist.tourist_id === undefined ? { save: true } : {}),
    })),
    comment: text(values.comment) || null,
  };
}

type TouristField = keyof RequestTouristValues;

/** A form field's name path (`['tourists', 0, 'full_name']`). */
export type RequestFieldPath =
  ['trip_id'] | ['comment'] | ['tourists'] | ['tourists', number, TouristField];

const TOURIST_FIELDS: readonly string[] = ['full_name', 'phone'] satisfies TouristField[];

/**
 * Splits a 422's errors (field names as in the body): `trip_id`, `comment` and `tourists` (the
 * list: too many for the free seats) under their fields, `tourists.N.full_name` and
 * `tourists.N.phone` under the N-th traveller's (the rows are sent in the form's order), the
 * rest above the form. Messages of one place once each.
 */
export function splitRequestErrors(
  errors: ValidationErrors,
  sentTourists: number,
): { fields: { name: RequestFieldPath; errors: string[] }[]; other: string[] } {
  const fields = new Map<string, { name: RequestFieldPath; errors: string[] }>();
  const other: string[] = [];
  const add = (name: RequestFieldPath, messages: string[]) => {
    const id = name.join('.');
    const entry = fields.get(id) ?? { name, errors: [] };
    entry.errors = [...new Set([...entry.errors, ...messages])];
    fields.set(id, entry);
  };
  for (const [key, messages] of Object.entries(errors)) {
    if (key === 'trip_id' || key === 'comment' || key === 'tourists') {
      add([key] as RequestFieldPath, messages);
      continue;
    }
    const match = /^tourists\.(\d+)(?:\.(\w+))?$/.exec(key);
    const index = match ? Number(match[1]) : -1;
    if (match && index < sentTourists) {
      const field = (
        match[2] && TOURIST_FIELDS.includes(match[2]) ? match[2] : 'full_name'
      ) as TouristField;
      add(['tourists', index, field], messages);
      continue;
    }
    other.push(...messages);
  }
  return { fields: [...fields.values()], other: [...new Set(other)] };
}
