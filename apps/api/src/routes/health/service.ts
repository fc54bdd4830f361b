import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { MIGRATION_NAMES } from '../../db/migrate';
import { singleFlight } from '../../lib/single-flight';
import { appliedMigrations } from './repository';

/** Why GET /ready answers 503, in the words the envelope carries. */
export const NOT_READY_MESSAGES = {
  database: 'База данных недоступна',
  migrations: 'Миграции не применены',
  stopping: 'Сервер останавливается',
} as const;
export type NotReadyReason = keyof typeof NOT_READY_MESSAGES;

/** The probe's queries are cancelled by the server past this. */
export const READY_STATEMENT_TIMEOUT_MS = 2000;
/** The whole check gives up past this (no connection to be had, a network that drops packets). */
export const READY_CHECK_TIMEOUT_MS = 3000;

export type Readiness =
  { ready: true } | { ready: false; reason: Exclude<NotReadyReason, 'stopping'>; detail: string };

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`нет ответа за ${ms} мс`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function check(db: Db): Promise<Readiness> {
  let applied: string[] | null;
  try {
    applied = await withinTime(
      appliedMigrations(db, READY_STATEMENT_TIMEOUT_MS),
      READY_CHECK_TIMEOUT_MS,
    );
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ready: false, reason: 'database', detail };
  }
  const done = new Set(applied ?? []);
  const missing = MIGRATION_NAMES.filter((name) => !done.has(name));
  if (missing.length > 0) {
    return { ready: false, reason: 'migrations', detail: `не применены: ${missing.join(', ')}` };
  }
  return { ready: true };
}

// Probes arriving together (several balancers, a retry) share one check: at most one
// connection of the pool goes to them at a time.
const sharedCheck = singleFlight<Db, Readiness>();

/**
 * Whether this instance may take traffic: the database answers within the timeouts above and
 * every migration of this build is applied (a newer one's extra migrations do not matter).
 */
export function checkReadiness(db: Db): Promise<Readiness> {
  return sharedCheck(db, 'ready', () => check(db));
}

/**
 * Logs when readiness changes, not on every probe: the first failure and each change of reason
 * at warn (with the cause, which the client never sees), the recovery at info.
 */
export function readinessLog(log: FastifyBaseLogger) {
  let last: string | null = null;
  return (readiness: Readiness) => {
    const state = readiness.ready ? 'ready' : readiness.reason;
    if (state === last) return;
    const previous = last;
    last = state;
    if (!readiness.ready) {
      log.warn({ event: 'not-ready', reason: readiness.reason, detail: readiness.detail });
    } else if (previous !== null) {
      log.info({ event: 'ready' }, 'ready again');
    }
  };
}
