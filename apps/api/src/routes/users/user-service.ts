import {
  API_DATE_FORMAT,
  can,
  dayjs,
  is,
  isPhoneNumber,
  PHONE_MESSAGE,
  signsIn,
  STAFF_ROLE_EXPRESSION,
  STAFF_ROLES,
  type Paginated,
} from '@tour/core';
import type { Db } from '../../db/database';
import type { UserRow, UserUpdate } from '../../db/schema';
import { normalizeEmail, normalizePhone } from '../../lib/contacts';
import { HttpError, notFound, validationError, type UniqueFields } from '../../lib/http-errors';
import { FieldErrors } from '../../lib/field-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { ANCHOR_EVERY, anchoredPage } from '../../lib/page-anchors';
import { pageOfKnownTotal, sharedCount } from '../../lib/paging';
import { clearLoginFailures, LOGIN_MESSAGES, loginRetryAfter } from '../auth/service';
import { changedFields, recordChanges } from '../../domain/history';
import * as repo from './user-repository';

// What other modules read of users, through this service (the wall: no module imports another's
// repository).
export { clientForTrip, rolesOfUsers, takeUnassigned, usersWithRoles } from './user-repository';
export { mayPutOnTrip } from './tourist-lookup';
import {
  USER_LIST_PER_PAGE,
  type SaveUserBody,
  type UserListQuery,
} from '@tour/core/contract/users';
import { userJson, type UserJson } from '../../domain/user-json';
import { findUserInScope, userScope, userScopeKey, type ScopeViewer } from '../../domain/reach';

export const USER_NOT_FOUND = 'Пользователь не найден';
export const MESSAGES = {
  required: 'Обязательное поле',
  phoneInvalid: PHONE_MESSAGE,
  emailTaken: 'Этот email уже занят другим пользователем',
  phoneTaken: 'Этот телефон уже занят другим пользователем',
  birthDateFuture: 'Дата рождения не может быть в будущем',
  birthDateTooOld: 'Дата рождения не может быть раньше 01.01.1900',
  issuedFuture: 'Дата выдачи паспорта не может быть в будущем',
  expiryBeforeIssue: 'Срок действия паспорта должен заканчиваться позже даты выдачи',
  managerMissing: 'Менеджер не найден',
  managerNotStaff: 'Менеджером может быть только сотрудник',
  managerSelf: 'Пользователь не может быть своим менеджером',
  counterpartyMissing: 'Контрагент не найден',
  counterpartyNotAgent: 'Контрагентом может быть только пользователь с ролью «Контрагент»',
  counterpartySelf: 'Пользователь не может быть своим контрагентом',
  staffRoles: 'Назначать и снимать роли сотрудников может только администратор',
  passwordRequired: 'Укажите пароль: пользователь с такой ролью входит в систему',
  loginRequired: 'Укажите email или телефон: по нему пользователь входит в систему',
  disabledOnCreate: 'Нового пользователя нельзя создать отключённым',
  disableSelf: 'Нельзя отключить самого себя',
  disableStaff: 'Отключать и включать сотрудников может только администратор',
  staffPassword: 'Менять пароль другого сотрудника может только администратор',
  staffEmail: 'Менять email другого сотрудника может только администратор',
  staffPhone: 'Менять телефон другого сотрудника может только администратор',
  currentPasswordRequired: 'Укажите текущий пароль',
  currentPasswordWrong: 'Неверный текущий пароль',
} as const;

/** A user's rows of the audit log that are events, not changes of its card (its История skips them). */
export const USER_EVENTS_NOT_CHANGES = ['login', 'login_failed', 'sessions_ended'] as const;

/** The card's fields whose changes its История shows (never a password: only that one was set). */
const USER_HISTORY_FIELDS = [
  'full_name',
  'email',
  'phone',
  'birth_date',
  'citizenship',
  'passport_number',
  'passport_issued_at',
  'passport_expires_at',
  'notes',
  'manager_id',
  'counterparty_id',
  'has_password',
  'disabled',
] as const satisfies readonly (keyof UserJson)[];

const STAFF = new Set<string>(STAFF_ROLES);
const OLDEST_BIRTH_DATE = '1900-01-01';

const hasStaffRole = (roles: readonly string[]) => roles.some((role) => STAFF.has(role));

/** Up to this many matches of a search are read from the index and sorted (a few ms at most). */
const FEW_MATCHES = 2000;

/** GET /admin/users: one page of the users the viewer may reach, newest first. */
export async function listUsers(
  db: Db,
  viewer: ScopeViewer,
  query: UserListQuery,
): Promise<Paginated<UserJson>> {
  const scope = userScope(viewer);
  const filters: repo.UserFilters = {
    id: query.id,
    search: query.search?.trim() || undefined,
    role: query.role,
    withTrips: query.withTrips === 1,
    counterpartyId: query.counterparty_id,
  };
  const reach = userScopeKey(viewer);
  const key = JSON.stringify(['users', reach, filters]);
  const wholeList =
    reach === 'all' &&
    !filters.search &&
    !filters.role &&
    !filters.withTrips &&
    !filters.id &&
    !filters.counterpartyId;
  const count = () => sharedCount(db, key, () => repo.countUsers(db, scope, filters));
  const toJson = (row: repo.UserWithRoles) => userJson(row, row.roles);
  if (filters.search) {
    // The count comes first: it tells whether the matches are few enough to read them all from
    // the search index, or many enough that walking the list in order meets a page of them soon.
    const total = await count();
    const matchesFirst = total <= FEW_MATCHES;
    return pageOfKnownTotal(
      query,
      USER_LIST_PER_PAGE,
      total,
      (limit, offset, fromEnd) =>
        repo.pageOfUsers(db, scope, filters, limit, offset, { fromEnd, matchesFirst }),
      toJson,
    );
  }
  return anchoredPage(
    db,
    query,
    USER_LIST_PER_PAGE,
    {
      key,
      every: ANCHOR_EVERY,
      rowsOf: (limit, offset, atMostId) =>
        repo.pageOfUsers(db, scope, filters, limit, offset, { atMostId }),
      fingerprint: () =>
        wholeList ? repo.fingerprintAllUsers(db) : repo.fingerprintUsers(db, scope, filters),
      anchors: () => repo.anchorsOfUsers(db, scope, filters, ANCHOR_EVERY),
    },
    toJson,
  );
}

/** GET /admin/user/:id: the user, or 404 when it is missing or out of the viewer's reach alike. */
export async function getUser(db: Db, viewer: ScopeViewer, id: number): Promise<UserJson> {
  const row = await findUserInScope(db, userScope(viewer), id);
  if (!row) throw notFound(USER_NOT_FOUND);
  const roles = await repo.rolesOfUsers(db, [id]);
  return userJson(row, roles.get(id) ?? []);
}

export interface SaveContext {
  viewer: ScopeViewer;
  /** The caller's session: never ended by its own save. */
  sessionId: string | null;
  /** The request an own password change comes with (POST /admin/users); see PasswordAttempt. */
  attempt?: PasswordAttempt;
}

/**
 * An own password change proves the current password, and a wrong one counts as a failed sign-in
 * of the account (POST /login's throttle), so a stolen session cannot guess the password here.
 */
export interface PasswordAttempt {
  /** request.ip: the client's address (behind a proxy only with TRUST_PROXY). */
  ip: string;
  /** The app's clock (app.sessions.now()), which the throttle's window counts by. */
  at: Date;
  /**
   * Set by saveUser to the login a wrong current password counts against. The caller records it
   * (recordLoginFailure) once the save's transaction has ended: the rollback of the refused save
   * would take the record with it.
   */
  failedLogin: string | null;
}

export interface SaveResult {
  user: UserJson;
  /** The user was disabled by this save: its sessions must end. */
  disabled: boolean;
}

/** The user being saved as it is now: nothing and no roles when it is being created. */
export interface Target {
  row: UserRow | null;
  roles: string[];
}

/** Trimmed text, null for nothing; undefined stays undefined (not given). */
function text(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  return value.trim() || null;
}

/** The value after the save: the given one, else the stored one. */
function after<K extends keyof UserRow>(target: Target, key: K, given: UserRow[K] | undefined) {
  return given !== undefined ? given : (target.row?.[key] ?? null);
}

async function lockTarget(trx: Db, viewer: ScopeViewer, id: number): Promise<Target> {
  const row = await findUserInScope(trx, userScope(viewer), id, { forUpdate: true });
  // Missing and out of reach read the same: the viewer learns nothing about other users.
  if (!row) throw validationError({ id: [USER_NOT_FOUND] }, USER_NOT_FOUND);
  return { row, roles: (await repo.rolesOfUsers(trx, [id])).get(id) ?? [] };
}

async function checkContacts(trx: Db, input: SaveUserBody, target: Target, errors: FieldErrors) {
  const email = input.email ? normalizeEmail(input.email) : input.email;
  let phone = input.phone;
  if (phone !== undefined && phone !== null) {
    if (!isPhoneNumber(phone)) errors.add('phone', MESSAGES.phoneInvalid);
    phone = normalizePhone(phone);
  }
  const id = target.row?.id ?? null;
  if (email && email !== target.row?.email && (await repo.emailTaken(trx, email, id))) {
    errors.add('email', MESSAGES.emailTaken);
  }
  if (
    phone &&
    !errors.has('phone') &&
    phone !== target.row?.phone &&
    (await repo.phoneTaken(trx, phone, id))
  ) {
    errors.add('phone', MESSAGES.phoneTaken);
  }
  return { email, phone };
}

export function checkDates(input: SaveUserBody, target: Target, errors: FieldErrors): void {
  const today = dayjs().format(API_DATE_FORMAT);
  if (input.birth_date && input.birth_date > today) {
    errors.add('birth_date', MESSAGES.birthDateFuture);
  } else if (input.birth_date && input.birth_date < OLDEST_BIRTH_DATE) {
    errors.add('birth_date', MESSAGES.birthDateTooOld);
  }
  if (input.passport_issued_at && input.passport_issued_at > today) {
    errors.add('passport_issued_at', MESSAGES.issuedFuture);
  }
  const issuedAt = after(target, 'passport_issued_at', input.passport_issued_at);
  const expiresAt = after(target, 'passport_expires_at', input.passport_expires_at);
  if (issuedAt && expiresAt && expiresAt <= issuedAt) {
    errors.add('passport_expires_at', MESSAGES.expiryBeforeIssue);
  }
}

/** The manager and counterparty to store (undefined: unchanged), checked when they change. */
async function checkLinks(
  trx: Db,
  viewer: ScopeViewer,
  input: SaveUserBody,
  target: Target,
  errors: FieldErrors,
) {
  let managerId = input.manager_id;
  if (!target.row && managerId === undefined && !can('see_all_users', viewer)) {
    // Without see_all_users a new user stays within reach of the staff member who made it.
    if (is(STAFF_ROLE_EXPRESSION, viewer)) managerId = viewer.id;
  }
  const counterpartyId = input.counterparty_id;
  const id = target.row?.id ?? null;
  const newManager = managerId != null && managerId !== target.row?.manager_id ? managerId : null;
  const newCounterparty =
    counterpartyId != null && counterpartyId !== target.row?.counterparty_id
      ? counterpartyId
      : null;
  const linked = await repo.usersWithRoles(
    trx,
    [newManager, newCounterparty].filter((link): link is number => link !== null),
  );

  if (managerId != null && managerId === id) {
    errors.add('manager_id', MESSAGES.managerSelf);
  } else if (newManager !== null) {
    const manager = linked.get(newManager);
    if (!manager || manager.disabled) errors.add('manager_id', MESSAGES.managerMissing);
    else if (!hasStaffRole(manager.roles)) errors.add('manager_id', MESSAGES.managerNotStaff);
  }
  if (counterpartyId != null && counterpartyId === id) {
    errors.add('counterparty_id', MESSAGES.counterpartySelf);
  } else if (newCounterparty !== null) {
    const counterparty = linked.get(newCounterparty);
    if (!counterparty || counterparty.disabled) {
      errors.add('counterparty_id', MESSAGES.counterpartyMissing);
    } else if (!counterparty.roles.includes('counterparty')) {
      errors.add('counterparty_id', MESSAGES.counterpartyNotAgent);
    }
  }
  return { managerId, counterpartyId };
}

/**
 * Who may change what. Staff roles are granted and removed only with create_admin (else a sales
 * manager could make itself an accountant); for the same reason, without create_admin, another
 * staff member's password, the email and phone it signs in with, and its enabled state are out of
 * bounds (setting them is taking the account over: a new login and a password reset by it). Whoever
 * holds a role that signs in needs a password and an email or phone.
 */
function checkRights(
  viewer: ScopeViewer,
  input: SaveUserBody,
  target: Target,
  roles: string[],
  contacts: { email: string | null | undefined; phone: string | null | undefined },
  errors: FieldErrors,
): void {
  const isAdmin = can('create_admin', viewer);
  const touched = [
    ...roles.filter((role) => !target.roles.includes(role)),
    ...target.roles.filter((role) => !roles.includes(role)),
  ];
  if (!isAdmin && touched.some((role) => STAFF.has(role))) errors.add('roles', MESSAGES.staffRoles);

  // Another staff member's account, or null: what only create_admin may take over.
  const othersStaff =
    target.row !== null && target.row.id !== viewer.id && hasStaffRole(target.roles)
      ? target.row
      : null;
  if (othersStaff && !isAdmin) {
    if (input.password) errors.add('password', MESSAGES.staffPassword);
    // Setting, clearing or replacing; the same value, however written, is no change.
    if (contacts.email !== undefined && contacts.email !== othersStaff.email) {
      errors.add('email', MESSAGES.staffEmail);
    }
    if (contacts.phone !== undefined && contacts.phone !== othersStaff.phone) {
      errors.add('phone', MESSAGES.staffPhone);
    }
  }

  if (signsIn(roles)) {
    if (!input.password && !target.row?.password_hash) {
      errors.add('password', MESSAGES.passwordRequired);
    }
    if (!after(target, 'email', contacts.email) && !after(target, 'phone', contacts.phone)) {
      errors.add('email', MESSAGES.loginRequired);
      errors.add('phone', MESSAGES.loginRequired);
    }
  }

  if (input.disabled === undefined) return;
  if (!target.row) {
    if (input.disabled) errors.add('disabled', MESSAGES.disabledOnCreate);
  } else if (input.disabled && target.row.id === viewer.id) {
    errors.add('disabled', MESSAGES.disableSelf);
  } else if (input.disabled !== (target.row.disabled_at !== null) && othersStaff && !isAdmin) {
    errors.add('disabled', MESSAGES.disableStaff);
  }
}

/**
 * A user changing its own password, when it has one, gives the current one too (ASVS 5.0 6.2.3).
 * As at POST /login, an account past the throttle's limits waits (429 with Retry-After, even with
 * the right password) and a wrong password counts against it: under the user's email, else its
 * phone (the logins it signs in with; the limit of either holds). The password is only verified:
 * never stored, logged or written to the audit log.
 */
async function checkCurrentPassword(
  trx: Db,
  viewer: ScopeViewer,
  input: SaveUserBody,
  target: Target,
  attempt: PasswordAttempt | undefined,
  errors: FieldErrors,
): Promise<void> {
  const own = target.row;
  if (!own || own.id !== viewer.id || !input.password || !own.password_hash) return;
  // Only POST /admin/users saves a password; its other callers (an agent's tourists, converted
  // requests) never change the caller's own.
  if (!attempt) throw new Error('An own password change without the request it came with');
  if (!input.current_password) {
    errors.add('current_password', MESSAGES.currentPasswordRequired);
    return;
  }
  // Stored normalised, as POST /login compares them. Without either no one signs in with the
  // account, but its open sessions could still guess: they count under the user's id.
  const logins = [own.email, own.phone].filter((login): login is string => Boolean(login));
  if (logins.length === 0) logins.push(`#${own.id}`);
  let wait = 0;
  for (const login of logins) {
    wait = Math.max(wait, await loginRetryAfter(trx, login, attempt.ip, attempt.at));
  }
  if (wait > 0) {
    throw new HttpError(429, LOGIN_MESSAGES.throttled(Math.ceil(wait / 60)), undefined, {
      'retry-after': String(wait),
    });
  }
  if (await verifyPassword(own.password_hash, input.current_password)) {
    // As a sign-in does; kept only if the save is.
    for (const login of logins) await clearLoginFailures(trx, login);
  } else {
    errors.add('current_password', MESSAGES.currentPasswordWrong);
    attempt.failedLogin = logins[0]!;
  }
}

/**
 * POST /admin/users: creates a user, or updates user `input.id` within the viewer's reach (absent
 * fields stay as they are). Runs inside the caller's transaction; any failure is one 422 with
 * every field error found, before anything is written.
 */
export async function saveUser(
  trx: Db,
  input: SaveUserBody,
  { viewer, sessionId, attempt }: SaveContext,
): Promise<SaveResult> {
  const target: Target =
    input.id === undefined ? { row: null, roles: [] } : await lockTarget(trx, viewer, input.id);
  const errors = new FieldErrors();
  const fullName = input.full_name.trim();
  if (!fullName) errors.add('full_name', MESSAGES.required);
  const contacts = await checkContacts(trx, input, target, errors);
  checkDates(input, target, errors);
  const { managerId, counterpartyId } = await checkLinks(trx, viewer, input, target, errors);
  const roles = input.roles ? [...input.roles].sort() : target.roles;
  checkRights(viewer, input, target, roles, contacts, errors);
  await checkCurrentPassword(trx, viewer, input, target, attempt, errors);
  if (!errors.empty) throw validationError(errors.errors);

  const given = <T extends object>(value: unknown, fields: T) =>
    value === undefined ? {} : fields;
  const values = {
    full_name: fullName,
    ...given(contacts.email, { email: contacts.email }),
    ...given(contacts.phone, { phone: contacts.phone }),
    ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
    ...given(input.birth_date, { birth_date: input.birth_date }),
    ...given(input.citizenship, { citizenship: text(input.citizenship) }),
    ...given(input.passport_number, { passport_number: text(input.passport_number) }),
    ...given(input.passport_issued_at, { passport_issued_at: input.passport_issued_at }),
    ...given(input.passport_expires_at, { passport_expires_at: input.passport_expires_at }),
    ...given(input.notes, { notes: text(input.notes) }),
    ...given(managerId, { manager_id: managerId }),
    ...given(counterpartyId, { counterparty_id: counterpartyId }),
  } satisfies UserUpdate;

  let row: UserRow;
  let disabled = false;
  if (target.row) {
    const wasDisabled = target.row.disabled_at !== null;
    disabled = input.disabled === true && !wasDisabled;
    row = await repo.updateUser(trx, target.row.id, {
      ...values,
      ...given(input.disabled, {
        disabled_at: input.disabled ? (target.row.disabled_at ?? new Date()) : null,
      }),
    });
    if (input.password) await repo.endSessionsOf(trx, row.id, sessionId);
  } else {
    row = await repo.insertUser(trx, values);
  }
  if (input.roles) await repo.replaceRoles(trx, row.id, roles);
  const saved = userJson(row, roles);
  await recordChanges(trx, [
    {
      record: { type: 'user', id: row.id },
      entity: { type: 'user', id: row.id },
      action: target.row ? 'updated' : 'created',
      // A new user's "no password" and "enabled" are no news.
      changes: changedFields(
        target.row ? userJson(target.row, target.roles) : null,
        saved,
        USER_HISTORY_FIELDS,
      ).filter((change) => target.row || change.new !== false),
      userId: viewer.id,
    },
  ]);
  // A permission change: in the audit log, with who made it, in the save's transaction.
  if (JSON.stringify([...target.roles].sort()) !== JSON.stringify(roles)) {
    await recordChanges(trx, [
      {
        record: { type: 'user', id: row.id },
        entity: { type: 'user', id: row.id },
        action: 'roles',
        changes: [{ field: 'roles', old: [...target.roles].sort(), new: roles }],
        userId: viewer.id,
      },
    ]);
  }
  // Roles are read with the session on every request, so a role removed counts at once; left
  // without any role that signs in, the user would be refused at login: its sessions end too.
  if (signsIn(target.roles) && !signsIn(roles)) await repo.endSessionsOf(trx, row.id, null);
  return { user: saved, disabled };
}

export const USER_UNIQUE_FIELDS: UniqueFields = {
  users_email_unique: ['email', MESSAGES.emailTaken],
  users_phone_unique: ['phone', MESSAGES.phoneTaken],
};
