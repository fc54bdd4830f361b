import type { BookingKind, BookingStatus, ValidationErrors } from '@tour/shared';
import { COVER_COLUMNS, hasComputedCost, isSingleDay, KIND_DETAIL_FIELDS } from './kind-config';

/** A form field's name path (a ticket's price is ['details', 'tickets', 0, 'price']). */
export type FieldPath = (string | number)[];

/** Messages per covered participant and per field of its row (`participant_id`: the row). */
export type CoverErrors = Record<number, Record<string, string[]>>;

/** The server's errors where the form shows them. */
export interface BookingErrors {
  /** Under a field of the form. */
  fields: { name: FieldPath; errors: string[] }[];
  /** Under a participant's row (keyed by participant id). */
  covers: CoverErrors;
  /** Above the form: those of no field it shows. */
  other: string[];
}

/** The booking form's own fields (besides the kind's) shown for a kind and a status. */
function commonFields(kind: BookingKind, status: BookingStatus | undefined): string[] {
  return [
    'trip_id',
    'supplier_id',
    'starts_on',
    ...(isSingleDay(kind) ? [] : ['ends_on']),
    ...(hasComputedCost(kind) ? [] : ['cost']),
    'currency',
    'status',
    ...(status === 'cancelled' ? ['penalty'] : []),
    'confirmation_number',
    'payment_due_on',
    'notes',
    'participants',
  ];
}

/** The fields of a list's item the form shows: a ticket category's, a room's. */
const ITEM_FIELDS: Record<string, readonly string[]> = {
  tickets: ['category', 'count', 'price'],
  room_plan: ['room_type', 'participant_ids'],
};

/**
 * `details.tickets.0.price` -> ['details', 'tickets', 0, 'price'] and
 * `details.room_plan.1.participant_ids` -> ['details', 'room_plan', 1, 'participant_ids'] when
 * the form shows it.
 */
function detailsPath(kind: BookingKind, key: string): FieldPath | null {
  const [, field, index, sub, ...rest] = key.split('.');
  if (!field || !(KIND_DETAIL_FIELDS[kind] as readonly string[]).includes(field)) return null;
  if (index === undefined) return ['details', field];
  const itemFields = ITEM_FIELDS[field];
  if (!itemFields || rest.length > 0 || !/^\d+$/.test(index)) return null;
  if (sub === undefined) return ['details', field, Number(index)];
  return itemFields.includes(sub) ? ['details', field, Number(index), sub] : null;
}

/**
 * Splits a 422's errors: common and kind fields go under their fields (nested ones by their
 * path), `participants.N.field` under the row of the N-th participant sent (`sent` is their ids
 * in the order of the body), the rest above the form. Messages of one place are joined once.
 */
export function splitBookingErrors(
  errors: ValidationErrors,
  kind: BookingKind,
  status: BookingStatus | undefined,
  sent: readonly number[],
): BookingErrors {
  const fields = new Map<string, { name: FieldPath; errors: string[] }>();
  const covers: CoverErrors = {};
  const other: string[] = [];
  const common = commonFields(kind, status);
  const coverFields = ['participant_id', ...COVER_COLUMNS[kind]];

  const addField = (name: FieldPath, messages: string[]) => {
    const id = name.join('.');
    const entry = fields.get(id) ?? { name, errors: [] };
    entry.errors = [...new Set([...entry.errors, ...messages])];
    fields.set(id, entry);
  };

  for (const [key, messages] of Object.entries(errors)) {
    if (common.includes(key)) {
      addField([key], messages);
      continue;
    }
    if (key.startsWith('details.')) {
      const path = detailsPath(kind, key);
      if (path) addField(path, messages);
      else other.push(...messages);
      continue;
    }
    const cover = /^participants\.(\d+)(?:\.(\w+))?$/.exec(key);
    const participantId = cover ? sent[Number(cover[1])] : undefined;
    if (cover && participantId !== undefined) {
      const field = cover[2] && coverFields.includes(cover[2]) ? cover[2] : 'participant_id';
      const row = (covers[participantId] ??= {});
      row[field] = [...new Set([...(row[field] ?? []), ...messages])];
      continue;
    }
    other.push(...messages);
  }
  return { fields: [...fields.values()], covers, other: [...new Set(other)] };
}
