/** Every role of the product (SPEC.md 6). */
export const ROLES = [
  'developer',
  'admin',
  'sales_manager',
  'reservation_agent',
  'accountant',
  'counterparty',
  'client',
] as const;

/** A role name. */
export type Role = (typeof ROLES)[number];

/** Russian labels of the roles, as staff see them. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  developer: 'Разработчик',
  admin: 'Администратор',
  sales_manager: 'Менеджер по продажам',
  reservation_agent: 'Агент по бронированию',
  accountant: 'Бухгалтер',
  counterparty: 'Контрагент',
  client: 'Клиент',
};

/** Roles that work in the back office's main section (everyone but counterparty and client). */
export const STAFF_ROLES: readonly Role[] = [
  'developer',
  'admin',
  'sales_manager',
  'reservation_agent',
  'accountant',
];

/**
 * Roles whose holders sign in to the back office: the staff and the agents. A user with one of
 * them needs a password and an email or phone; a client-only account is refused at login.
 */
export const SIGN_IN_ROLES: readonly Role[] = [...STAFF_ROLES, 'counterparty'];

/** True when one of `roles` signs in to the back office. */
export function signsIn(roles: readonly string[]): boolean {
  return roles.some((role) => (SIGN_IN_ROLES as readonly string[]).includes(role));
}

/** Every permission of the product (SPEC.md 6). */
export const PERMISSIONS = [
  'create_admin',
  'see_all_users',
  'booking_section',
  'accounting_section',
  'report_section',
  'add_payment',
  'confirm_payment',
  'administrative_transactions',
  'allow_site_wallets',
] as const;

/** A permission name. */
export type Permission = (typeof PERMISSIONS)[number];

/** Permissions each role grants (DESIGN.md 4); the server seeds its database from this table. */
export const ROLE_PERMISSIONS: Record<Role, Permission[]> = {
  developer: [...PERMISSIONS],
  admin: [...PERMISSIONS],
  sales_manager: ['booking_section', 'add_payment'],
  reservation_agent: ['see_all_users', 'booking_section'],
  accountant: [
    'see_all_users',
    'accounting_section',
    'report_section',
    'add_payment',
    'confirm_payment',
    'administrative_transactions',
    'allow_site_wallets',
  ],
  counterparty: [],
  client: [],
};

/** True for a known role name. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True for a known permission name. */
export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** The union of the permissions of `roles`, in PERMISSIONS order; unknown roles grant nothing. */
export function permissionsOfRoles(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>(
    roles.filter(isRole).flatMap((role) => ROLE_PERMISSIONS[role]),
  );
  return PERMISSIONS.filter((permission) => granted.has(permission));
}

// "All non-counterparty roles" (SPEC.md 2) is written positively, since an expression cannot
// negate; client is left out because a client-only user may not use the back office (DESIGN.md 3).
/** Role rule of the main section: any staff role (developer|admin|sales_manager|...|accountant). */
export const STAFF_ROLE_EXPRESSION = STAFF_ROLES.join('|');

/** Role rule of the audit log (its screen and GET /api/admin/audit): developers and admins. */
export const AUDIT_ROLE_EXPRESSION = 'developer|admin';

/** Role rule of the agent area: counterparty only. */
export const COUNTERPARTY_ROLE_EXPRESSION = 'counterparty';

/**
 * Role rule of what every user of the back office may open (its own sessions): the staff roles
 * and the agents; a client-only user never signs in (DESIGN.md 3).
 */
export const BACK_OFFICE_ROLE_EXPRESSION = [...STAFF_ROLES, COUNTERPARTY_ROLE_EXPRESSION].join('|');
