import {
  DEFAULT_MIGRATION_TABLE,
  Migrator,
  type Migration,
  type MigrationProvider,
} from 'kysely/migration';
import type { Db } from './database';
import * as initial from './migrations/2026-11-21T1000-initial';
import * as usersTally from './migrations/2026-11-22T1000-users-tally';
import * as walletTally from './migrations/2026-11-22T1100-wallet-transaction-tally';
import * as incomingIndex from './migrations/2026-11-22T1200-incoming-transfers-index';
import * as trips from './migrations/2026-11-23T1000-trips';
import * as tripMoneyIndexes from './migrations/2026-11-24T1000-trip-money-indexes';
import * as tripsTally from './migrations/2026-11-24T1100-trips-tally';
import * as participantPaid from './migrations/2026-11-24T1200-participant-paid';
import * as ledger from './migrations/2026-11-25T1000-ledger';
import * as walletStatementIndexes from './migrations/2026-11-25T1100-wallet-statement-indexes';
import * as suppliers from './migrations/2026-11-25T1200-suppliers';
import * as bookings from './migrations/2026-11-26T1000-bookings';
import * as bookingTallies from './migrations/2026-11-26T1100-booking-tallies';
import * as bookingGeneration from './migrations/2026-11-26T1200-booking-generation';
import * as administrativeReportIndex from './migrations/2026-11-27T1000-administrative-report-index';
import * as tripReportFigures from './migrations/2026-11-27T1100-trip-report-figures';
import * as administrativeTally from './migrations/2026-11-27T1200-administrative-tally';
import * as generalReportIndexes from './migrations/2026-11-28T1000-general-report-indexes';
import * as agentRequests from './migrations/2026-11-28T1100-agent-requests';
import * as generalReportMonths from './migrations/2026-11-29T1000-general-report-months';
import * as auditLog from './migrations/2026-11-30T1000-audit-log';
import * as paymentDestinations from './migrations/2026-12-01T1000-payment-destinations';
import * as tripReportRevenue from './migrations/2026-12-01T1100-trip-report-revenue';
import * as queueIndexes from './migrations/2026-12-01T1200-confirmation-queue-indexes';
import * as pendingTally from './migrations/2026-12-01T1300-pending-tally';
import * as passportLookup from './migrations/2026-12-02T1000-passport-lookup';
import * as companyRequisites from './migrations/2026-12-02T1100-company-requisites';
import * as tripFlights from './migrations/2026-12-02T1200-trip-flights';
import * as supplierCity from './migrations/2026-12-02T1210-supplier-city';
import * as roomPlans from './migrations/2026-12-02T1220-room-plans';
import * as ledgerGeneration from './migrations/2026-12-02T1300-ledger-generation';
import * as outbox from './migrations/2026-12-03T1000-outbox';
import * as papers from './migrations/2026-12-04T1000-papers';
import * as operationsNewestFirst from './migrations/2026-12-04T1100-operations-newest-first';
import * as supplierPrices from './migrations/2026-12-05T1000-supplier-prices';
import * as costings from './migrations/2026-12-05T1100-costings';
import * as messageSchedule from './migrations/2026-12-05T1100-message-schedule';
import * as tourMemo from './migrations/2026-12-05T1200-tour-memo';
import * as requestQuotes from './migrations/2026-12-06T1200-request-quotes';
import * as tripPlan from './migrations/2026-12-06T1300-trip-plan';

// Listed statically (not read from the folder) so the same list works from source and in tests.
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21T1000-initial': initial,
  '2026-11-22T1000-users-tally': usersTally,
  '2026-11-22T1100-wallet-transaction-tally': walletTally,
  '2026-11-22T1200-incoming-transfers-index': incomingIndex,
  '2026-11-23T1000-trips': trips,
  '2026-11-24T1000-trip-money-indexes': tripMoneyIndexes,
  '2026-11-24T1100-trips-tally': tripsTally,
  '2026-11-24T1200-participant-paid': participantPaid,
  '2026-11-25T1000-ledger': ledger,
  '2026-11-25T1100-wallet-statement-indexes': walletStatementIndexes,
  '2026-11-25T1200-suppliers': suppliers,
  '2026-11-26T1000-bookings': bookings,
  '2026-11-26T1100-booking-tallies': bookingTallies,
  '2026-11-26T1200-booking-generation': bookingGeneration,
  '2026-11-27T1000-administrative-report-index': administrativeReportIndex,
  '2026-11-27T1100-trip-report-figures': tripReportFigures,
  '2026-11-27T1200-administrative-tally': administrativeTally,
  '2026-11-28T1000-general-report-indexes': generalReportIndexes,
  '2026-11-28T1100-agent-requests': agentRequests,
  '2026-11-29T1000-general-report-months': generalReportMonths,
  '2026-11-30T1000-audit-log': auditLog,
  '2026-12-01T1000-payment-destinations': paymentDestinations,
  '2026-12-01T1100-trip-report-revenue': tripReportRevenue,
  '2026-12-01T1200-confirmation-queue-indexes': queueIndexes,
  '2026-12-01T1300-pending-tally': pendingTally,
  '2026-12-02T1000-passport-lookup': passportLookup,
  '2026-12-02T1100-company-requisites': companyRequisites,
  '2026-12-02T1200-trip-flights': tripFlights,
  '2026-12-02T1210-supplier-city': supplierCity,
  '2026-12-02T1220-room-plans': roomPlans,
  '2026-12-02T1300-ledger-generation': ledgerGeneration,
  '2026-12-03T1000-outbox': outbox,
  '2026-12-04T1000-papers': papers,
  '2026-12-04T1100-operations-newest-first': operationsNewestFirst,
  '2026-12-05T1000-supplier-prices': supplierPrices,
  '2026-12-05T1100-costings': costings,
  '2026-12-05T1100-message-schedule': messageSchedule,
  '2026-12-05T1200-tour-memo': tourMemo,
  '2026-12-06T1200-request-quotes': requestQuotes,
  '2026-12-06T1300-trip-plan': tripPlan,
};

/** Every migration of this build, in order: all of them applied is what GET /api/ready asks. */
export const MIGRATION_NAMES: readonly string[] = Object.freeze(Object.keys(MIGRATIONS));

/** The table where Kysely's Migrator records the applied migrations (its default name). */
export const MIGRATION_TABLE = DEFAULT_MIGRATION_TABLE;

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies every migration not yet applied; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
