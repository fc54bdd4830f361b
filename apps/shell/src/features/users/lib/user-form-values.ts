import {
  isRole,
  toApiDate,
  toDayjs,
  type Dayjs,
  type Role,
  type User,
  type ValidationErrors,
} from '@tour/shared';
import type { SaveUserBody } from '../api/users-api';

/** The user form's values: the API's fields, dates as Dayjs, blanks as '' or null. */
export interface UserFormValues {
  full_name: string;
  email: string;
  phone: string;
  password: string;
  /** Asked when a user changes its own password (the server requires it then). */
  current_password: string;
  roles: Role[];
  birth_date: Dayjs | null;
  citizenship: string;
  passport_number: string;
  passport_issued_at: Dayjs | null;
  passport_expires_at: Dayjs | null;
  notes: string;
  manager_id: number | null;
  counterparty_id: number | null;
}

export type UserFormField = keyof UserFormValues;

/** The form's fields, named as the API names them (its errors land on the field of that name). */
export const USER_FORM_FIELDS: readonly UserFormField[] = [
  'full_name',
  'email',
  'phone',
  'password',
  'current_password',
  'roles',
  'birth_date',
  'citizenship',
  'passport_number',
  'passport_issued_at',
  'passport_expires_at',
  'notes',
  'manager_id',
  'counterparty_id',
];

/** The values of a new user's form. */
export function emptyUserForm(): UserFormValues {
  return {
    full_name: '',
    email: '',
    phone: '',
    password: '',
    current_password: '',
    roles: ['client'],
    birth_date: null,
    citizenship: '',
    passport_number: '',
    passport_issued_at: null,
    passport_expires_at: null,
    notes: '',
    manager_id: null,
    counterparty_id: null,
  };
}

/** The form's values for a stored user (the password is never known: blank). */
export function userFormValues(user: User): UserFormValues {
  return {
    full_name: user.full_name,
    email: user.email ?? '',
    phone: user.phone ?? '',
    password: '',
    current_password: '',
    roles: (user.roles ?? []).filter(isRole),
    birth_date: toDayjs(user.birth_date),
    citizenship: user.citizenship ?? '',
    passport_number: user.passport_number ?? '',
    passport_issued_at: toDayjs(user.passport_issued_at),
    passport_expires_at: toDayjs(user.passport_expires_at),
    notes: user.notes ?? '',
    manager_id: user.manager_id,
    counterparty_id: user.counterparty_id,
  };
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const date = (value: Dayjs | null | undefined): string | null => toApiDate(value) || null;

const id = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

/** Options of saveBodyOf. */
export interface SaveBodyOptions {
  /** The user being edited; absent for a new user. */
  id?: number;
  /** The password field is shown (a role that signs in): a typed password is sent. */
  withPassword: boolean;
  /** The current password field is shown (one's own record): sent with a new password only. */
  withCurrentPassword?: boolean;
}

/**
 * The POST /admin/users body of the form's values: every field, blanks as null (so an edit can
 * clear a field). A blank password is left out (the API keeps the stored one), and the current
 * password goes only with a new one (it is the proof the change needs); so are a new user's
 * blank manager and counterparty, so that the server's default (the staff member creating a user
 * without see_all_users becomes its manager) applies.
 */
export function saveBodyOf(
  values: Partial<UserFormValues>,
  { id: userId, withPassword, withCurrentPassword = false }: SaveBodyOptions,
): SaveUserBody {
  const password = withPassword && values.password ? values.password : null;
  const currentPassword =
    password !== null && withCurrentPassword && values.current_password
      ? values.current_password
      : null;
  const managerId = id(values.manager_id);
  const counterpartyId = id(values.counterparty_id);
  const creating = userId === undefined;
  return {
    ...(creating ? {} : { id: userId }),
    full_name: text(values.full_name) ?? '',
    email: text(values.email),
    phone: text(values.phone),
    ...(password !== null ? { password } : {}),
    ...(currentPassword !== null ? { current_password: currentPassword } : {}),
    birth_date: date(values.birth_date),
    citizenship: text(values.citizenship),
    passport_number: text(values.passport_number),
    passport_issued_at: date(values.passport_issued_at),
    passport_expires_at: date(values.passport_expires_at),
    notes: text(values.notes),
    ...(creating && managerId === null ? {} : { manager_id: managerId }),
    ...(creating && counterpartyId === null ? {} : { counterparty_id: counterpartyId }),
    roles: (values.roles ?? []).filter(isRole),
  };
}

/** The server's errors split into those of a field on screen and the rest (for the form's alert). */
export interface SplitErrors {
  fields: { name: UserFormField; errors: string[] }[];
  other: string[];
}

/** Sorts the server's errors (`roles.0` belongs to `roles`) by whether `shown(field)` is on screen. */
export function splitServerErrors(
  errors: ValidationErrors,
  shown: (field: UserFormField) => boolean,
): SplitErrors {
  const byField = new Map<UserFormField, string[]>();
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
    const field = key.split('.')[0] as UserFormField;
    if (USER_FORM_FIELDS.includes(field) && shown(field)) {
      byField.set(field, [...(byField.get(field) ?? []), ...list]);
    } else {
      other.push(...list);
    }
  }
  return {
    fields: [...byField].map(([name, messages]) => ({ name, errors: [...new Set(messages)] })),
    other: [...new Set(other)],
  };
}
