import { ROLE_PERMISSIONS, signsIn, type PermissionData, type Role, type User } from '@tour/shared';
import type { FakeRoutes } from './fake-api';

/** A user as GET /user returns it: one whose roles sign in has a password. */
export function userFixture(overrides: Partial<User> = {}): User {
  const roles = overrides.roles ?? ['sales_manager'];
  return {
    id: 7,
    full_name: 'Айгуль Токтогулова',
    email: 'sales@example.com',
    phone: '+996700000007',
    roles,
    birth_date: null,
    citizenship: 'KG',
    passport_number: null,
    passport_issued_at: null,
    passport_expires_at: null,
    notes: null,
    manager_id: null,
    counterparty_id: null,
    has_password: signsIn(roles),
    disabled: false,
    created_at: '2026-01-15T09:30:00.000Z',
    updated_at: '2026-01-15T09:30:00.000Z',
    ...overrides,
  };
}

/** The session permission data of a user with `roles` (DESIGN.md 4 via ROLE_PERMISSIONS). */
export function permissionDataOf(...roles: Role[]): PermissionData {
  const permissions = new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
  return { roles, permissions: [...permissions] };
}

/** The session calls of a signed-in user with `roles`. */
export function signedInRoutes(roles: Role[], user: Partial<User> = {}): FakeRoutes {
  return {
    'GET /user': { status: 200, body: { code: 1, data: userFixture({ roles, ...user }) } },
    'GET /get-laravel-permission-to-vuejs': { status: 200, body: permissionDataOf(...roles) },
  };
}

/** The session calls of a visitor who is not signed in. */
export function signedOutRoutes(): FakeRoutes {
  return {
    'GET /user': { status: 401, body: { code: 0, message: 'Требуется вход' } },
    'GET /get-laravel-permission-to-vuejs': { status: 200, body: 0 },
  };
}
