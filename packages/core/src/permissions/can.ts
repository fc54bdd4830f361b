import type { Static } from '@sinclair/typebox';
import type { PermissionData as PermissionDataJson } from '../contract/schemas/auth';

/** Session permission data as the server sends it: the user's role names and permission names. */
export type PermissionData = Static<typeof PermissionDataJson>;

/** Permission data as it may reach a check: missing, signed out (`0`) or loaded. */
export type MaybePermissionData = PermissionData | null | undefined | 0;

function evaluate(expression: string, granted: unknown): boolean {
  if (typeof expression !== 'string' || !Array.isArray(granted) || granted.length === 0) {
    return false;
  }
  const names = new Set(granted.filter((name): name is string => typeof name === 'string'));
  // `&` binds tighter than `|`: the expression is an OR of AND-groups.
  return expression.split('|').some((group) =>
    group.split('&').every((raw) => {
      const name = raw.trim();
      return name !== '' && names.has(name);
    }),
  );
}

function listOf(data: unknown, key: keyof PermissionData): unknown {
  return typeof data === 'object' && data !== null
    ? (data as Record<string, unknown>)[key]
    : undefined;
}

/** True when the permissions in `data` satisfy `expression` (`a`, `a|b`, `a&b`, `a&b|c`). */
export function can(expression: string, data: MaybePermissionData): boolean {
  return evaluate(expression, listOf(data, 'permissions'));
}

/** True when the roles in `data` satisfy `expression` (same syntax as `can`). */
export function is(expression: string, data: MaybePermissionData): boolean {
  return evaluate(expression, listOf(data, 'roles'));
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/** Reads the permission endpoint's answer; `null` for `0` (signed out) or anything unusable. */
export function parsePermissionData(raw: unknown): PermissionData | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return null;
  }
  const { roles, permissions } = raw as Record<string, unknown>;
  if (!Array.isArray(roles) && !Array.isArray(permissions)) {
    return null;
  }
  return { roles: stringsOf(roles), permissions: stringsOf(permissions) };
}
