import { useCallback } from 'react';
import { ROLE_LABELS, type Role } from '@tour/shared';
import { useShellUsersRoleLabelsQuery } from '../api/users-api';

/**
 * The Russian label of a role, as GET /roles gives it; the product's own label stands in while
 * the labels load or when the call fails, so a role never shows as its code name.
 */
export function useRoleLabels(): (role: string) => string {
  const { data } = useShellUsersRoleLabelsQuery();
  return useCallback((role: string) => data?.[role] ?? ROLE_LABELS[role as Role] ?? role, [data]);
}
