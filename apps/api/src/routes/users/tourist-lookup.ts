import { can, isPhoneNumber } from '@tour/core';
import type { Db } from '../../db/database';
import { normalizeEmail, normalizePhone } from '../../lib/contacts';
import * as repo from './user-repository';
import type { MatchedBy, TouristMatchQuery, TouristOptionJson } from '@tour/core/contract/users';
import { reaches, touristScope, type ScopeViewer } from '../../domain/reach';

/** How many tourists one lookup offers. */
export const TOURIST_OPTIONS_LIMIT = 20;

const PASSPORT_LIKE = /^[\p{L}\d\s-]{5,30}$/u;

/** A phone as it may be stored: as typed, normalised, with and without its leading +. */
function phonesOf(text: string): string[] {
  if (!isPhoneNumber(text)) return [];
  const phone = normalizePhone(text);
  return phone.startsWith('+') ? [phone, phone.slice(1)] : [phone, `+${phone}`];
}

function passportOf(text: string): string | undefined {
  const trimmed = text.trim();
  return PASSPORT_LIKE.test(trimmed) && /\d/.test(trimmed) ? repo.passportKey(trimmed) : undefined;
}

/** The exact contacts a typed term may be: a phone, an email, a passport number (or several). */
function contactsOfTerm(term: string): repo.ClientContacts {
  return {
    phones: phonesOf(term),
    email: term.includes('@') ? normalizeEmail(term) : undefined,
    passport: passportOf(term),
  };
}

/** Which exact contact of the client these are, and its stored value (to send back when adding). */
function matchOf(
  row: repo.ClientRow,
  contacts: repo.ClientContacts,
): { by: MatchedBy; value: string } | null {
  if (row.phone && contacts.phones?.includes(row.phone)) return { by: 'phone', value: row.phone };
  if (row.email && contacts.email && normalizeEmail(row.email) === contacts.email) {
    return { by: 'email', value: row.email };
  }
  if (
    row.passport_number &&
    contacts.passport &&
    repo.passportKey(row.passport_number) === contacts.passport
  ) {
    return { by: 'passport_number', value: row.passport_number };
  }
  return null;
}

/** Within the viewer's reach, or unassigned: its card may be shown whole. */
const isOpen = (viewer: ScopeViewer, row: repo.ClientRow) =>
  row.manager_id === null || reaches(viewer, row);

/**
 * A client as a lookup offers it. Another manager's client, found by an exact contact, shows its
 * name, its manager and that contact only: the one who typed the contact learns no other.
 */
function optionJson(
  viewer: ScopeViewer,
  row: repo.ClientRow,
  contacts: repo.ClientContacts,
): TouristOptionJson {
  const match = matchOf(row, contacts);
  const open = isOpen(viewer, row);
  const shown = (field: MatchedBy, value: string | null) =>
    open || match?.by === field ? value : null;
  return {
    id: row.id,
    full_name: row.full_name,
    phone: shown('phone', row.phone),
    email: shown('email', row.email),
    passport_number: shown('passport_number', row.passport_number),
    birth_date: open ? row.birth_date : null,
    manager_id: row.manager_id,
    manager_name: row.manager_name,
    own: open,
    matched_by: match?.by ?? null,
    found_by: match?.value ?? null,
  };
}

/**
 * GET /admin/tourists: the clients a staff member may put on a trip or a request, for a typed
 * term: any client whose phone, email or passport number is exactly the term, first; then those
 * within its reach or unassigned whose name (or contacts) contain it.
 */
export async function findTourists(
  db: Db,
  viewer: ScopeViewer,
  search: string | undefined,
): Promise<TouristOptionJson[]> {
  const term = search?.trim() || undefined;
  const contacts = term ? contactsOfTerm(term) : {};
  const [exact, named] = await Promise.all([
    repo.clientsByContact(db, contacts),
    repo.clientsBySearch(db, touristScope(viewer), term, TOURIST_OPTIONS_LIMIT),
  ]);
  const seen = new Set<number>();
  const options: TouristOptionJson[] = [];
  for (const row of [...exact, ...named]) {
    if (seen.has(row.id) || options.length >= TOURIST_OPTIONS_LIMIT) continue;
    seen.add(row.id);
    options.push(optionJson(viewer, row, contacts));
  }
  return options;
}

/**
 * GET /admin/tourists/match: the clients that already have this phone, email or passport number
 * (a new tourist's form offers them instead of a second record), whoever manages them.
 */
export async function matchingTourists(
  db: Db,
  viewer: ScopeViewer,
  query: TouristMatchQuery,
): Promise<TouristOptionJson[]> {
  const contacts: repo.ClientContacts = {
    phones: query.phone ? phonesOf(query.phone) : [],
    email: query.email?.trim() ? normalizeEmail(query.email) : undefined,
    passport: query.passport_number ? passportOf(query.passport_number) : undefined,
  };
  const rows = await repo.clientsByContact(db, contacts);
  return rows.map((row) => optionJson(viewer, row, contacts));
}

/**
 * Whether a staff member may put this user on a trip (issue 29): a user within its reach; an
 * unassigned client; another manager's client only by its exact phone, email or passport number
 * (`foundBy`, as a lookup found it), so that no id guessed reaches a client.
 */
export function mayPutOnTrip(
  viewer: ScopeViewer,
  user: NonNullable<Awaited<ReturnType<typeof repo.clientForTrip>>>,
  foundBy: string | undefined,
): boolean {
  if (can('see_all_users', viewer) || reaches(viewer, user)) return true;
  if (!user.is_client) return false;
  if (user.manager_id === null) return true;
  if (!foundBy?.trim()) return false;
  const contacts = contactsOfTerm(foundBy.trim());
  return matchOf({ ...user, birth_date: null, manager_name: null }, contacts) !== null;
}
