import type { OutboxKind } from '@tour/core';
import type { Db } from '../../db/database';

/** The kinds the daily round writes (round.ts); the others are written with their events. */
export const SCHEDULED_KINDS = [
  'payment_due',
  'payment_overdue',
  'passport_expiring',
  'supplier_payment_due',
] as const satisfies readonly OutboxKind[];
export type ScheduledKind = (typeof SCHEDULED_KINDS)[number];

/** A kind's switch and its N days (null for a kind without one). */
export interface KindSetting {
  enabled: boolean;
  days: number | null;
}

/** Each kind's setting as stored. */
export async function kindSettings(db: Db): Promise<Map<string, KindSetting>> {
  const rows = await db.selectFrom('message_kinds').select(['kind', 'enabled', 'days']).execute();
  return new Map(rows.map((row) => [row.kind, { enabled: row.enabled, days: row.days }]));
}
