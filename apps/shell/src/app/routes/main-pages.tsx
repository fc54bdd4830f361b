import type { ComponentType } from 'react';
import type { RouteName } from '@tour/shared';
import { AuditPage } from '../../features/audit/components/audit-page';
import { CompanyPage } from '../../features/company/components/company-page';
import { OutboxPage } from '../../features/outbox/components/outbox-page';
import { SessionsPage } from '../../features/sessions/components/sessions-page';
import { TicketsPage } from '../../features/tickets/components/tickets-page';
import {
  TourCreatePage,
  TourEditPage,
  ToursPage,
} from '../../features/tours/components/tour-pages';
import {
  TripCreatePage,
  TripEditPage,
  TripSummaryPage,
  TripsPage,
} from '../../features/trips/components/trip-pages';
import { UserWalletsPage } from '../../features/user-wallets/components/user-wallets-page';
import {
  UserCreatePage,
  UserEditPage,
  UsersPage,
} from '../../features/users/components/user-pages';

/** Names of the routes the shell renders itself (the main section). */
export type MainRouteName = Extract<
  RouteName,
  | 'users'
  | 'user-create'
  | 'user-edit'
  | 'user-wallets'
  | 'user-roles'
  | 'trips'
  | 'trip-create'
  | 'trip-edit'
  | 'trip-summary'
  | 'tours'
  | 'tour-create'
  | 'tour-edit'
  | 'tickets'
  | 'audit'
  | 'sessions'
  | 'company'
  | 'outbox'
>;

/** The page of each main-section route. */
export const MAIN_PAGES: Readonly<Record<MainRouteName, ComponentType>> = {
  users: UsersPage,
  'user-create': UserCreatePage,
  'user-edit': UserEditPage,
  'user-wallets': UserWalletsPage,
  // SPEC.md 2: the roles route shows the same view as the wallets route.
  'user-roles': UserWalletsPage,
  trips: TripsPage,
  'trip-create': TripCreatePage,
  'trip-edit': TripEditPage,
  'trip-summary': TripSummaryPage,
  tours: ToursPage,
  'tour-create': TourCreatePage,
  'tour-edit': TourEditPage,
  tickets: TicketsPage,
  audit: AuditPage,
  sessions: SessionsPage,
  company: CompanyPage,
  outbox: OutboxPage,
};

/** The page of a main-section route, or null for a route the shell does not render. */
export function mainPageOf(name: RouteName): ComponentType | null {
  return (MAIN_PAGES as Partial<Record<RouteName, ComponentType>>)[name] ?? null;
}
