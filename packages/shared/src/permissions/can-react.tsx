import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { can, is, type MaybePermissionData } from '@tour/core';

/** The signed-in user's permission data; without a provider nothing is allowed. */
export const PermissionDataContext = createContext<MaybePermissionData>(null);

/** Props of PermissionDataProvider. */
export interface PermissionDataProviderProps {
  value: MaybePermissionData;
  children?: ReactNode;
}

/** Supplies permission data (the shell feeds it from its store) to useCan, useIs and Can. */
export function PermissionDataProvider({ value, children }: PermissionDataProviderProps) {
  return <PermissionDataContext.Provider value={value}>{children}</PermissionDataContext.Provider>;
}

/** The permission data of the nearest provider. */
export function usePermissionData(): MaybePermissionData {
  return useContext(PermissionDataContext);
}

/** A permission check bound to the current permission data. */
export function useCan(): (expression: string) => boolean {
  const data = usePermissionData();
  return useCallback((expression: string) => can(expression, data), [data]);
}

/** A role check bound to the current permission data. */
export function useIs(): (expression: string) => boolean {
  const data = usePermissionData();
  return useCallback((expression: string) => is(expression, data), [data]);
}

/** Props of Can: `I` is a permission expression, `else` what to render when it is not met. */
export interface CanProps {
  I: string;
  else?: ReactNode;
  children?: ReactNode;
}

/** Renders its children only when the permission expression `I` is met, else `else`. */
export function Can({ I, else: fallback = null, children }: CanProps) {
  const allowed = useCan()(I);
  return <>{allowed ? children : fallback}</>;
}
