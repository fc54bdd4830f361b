import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * Which proxies in front of the API are trusted to say who the client is (X-Forwarded-For):
 * none (false), every one (true), that many hops from the API (a number), or those addresses and
 * CIDR ranges. Fastify's `trustProxy` takes it as it is.
 */
export type TrustProxy = boolean | number | string[];

/** Settings of the API server, read once from the environment (DESIGN.md "Running it"). */
export interface ApiConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  /** Remote name → manifest URL for remotes hosted elsewhere (REMOTES: JSON, or a JSON file). */
  remoteUrls: Record<string, string>;
  /** TRUST_PROXY (off by default): see README "Settings". */
  trustProxy: TrustProxy;
  /** SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS and the "remember me" pair: README "Sessions". */
  sessions: SessionLifetimes;
  /** SMTP_URL (none: messages wait in the outbox, «не отправлено: почта не настроена»). */
  smtpUrl: string | null;
  /**
   * MESSAGE_ROUND (on): the daily round of scheduled messages (payment reminders, passports,
   * supplier deadlines). Off for a server that must write none (an end-to-end run's).
   */
  messageRound: boolean;
}

/** How long a signed-in session lives, in milliseconds (README "Sessions"). */
export interface SessionLifetimes {
  /** Ends after this long without a request. */
  idleMs: number;
  /** Ends this long after the sign-in, however busy it is. */
  absoluteMs: number;
  /** The same two with "remember me". */
  rememberIdleMs: number;
  rememberAbsoluteMs: number;
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The defaults, for a back office its staff use all working day on office computers:
 * - idle 2 hours: a lunch break, a long meeting or a long call with a client costs no half-typed
 *   form, but a desk left for the afternoon or the night holds no open session. A stricter 30
 *   minutes would sign people out several times a day (the shell asks the server only when they
 *   move or save) and push them to "remember me", which lasts far longer;
 * - absolute 12 hours: one working day with overtime; everyone signs in again each morning, so a
 *   session taken over once does not outlive the day (NIST SP 800-63B asks a fresh sign-in at
 *   least every 12 hours at AAL2);
 * - "remember me" (DESIGN.md 2, a choice made at each sign-in, on one's own computer): 14 days idle,
 *   30 days absolute. Shorten them (or the two above) with the settings when a risk review asks.
 */
export const DEFAULT_SESSION_LIFETIMES: SessionLifetimes = {
  idleMs: 2 * HOUR_MS,
  absoluteMs: 12 * HOUR_MS,
  rememberIdleMs: 14 * DAY_MS,
  rememberAbsoluteMs: 30 * DAY_MS,
};

/** A whole number from 1 to `max` (the unit in the setting's name), or the default. */
function parseCount(name: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const count = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || count < 1 || count > max) {
    throw new Error(`${name} должен быть целым числом от 1 до ${max}, а не «${value}»`);
  }
  return count;
}

/**
 * SESSION_IDLE_MINUTES (120), SESSION_ABSOLUTE_HOURS (12), SESSION_REMEMBER_IDLE_DAYS (14) and
 * SESSION_REMEMBER_ABSOLUTE_DAYS (30). An idle limit longer than its absolute one is refused: it
 * would mean nothing, and is more likely a unit mistaken.
 */
export function readSessionLifetimes(env: NodeJS.ProcessEnv = process.env): SessionLifetimes {
  const given = (name: string, unit: number, max: number, fallback: number) => {
    const count = parseCount(name, env[name], max);
    return count === undefined ? fallback : count * unit;
  };
  const lifetimes: SessionLifetimes = {
    idleMs: given('SESSION_IDLE_MINUTES', MINUTE_MS, 7 * 24 * 60, DEFAULT_SESSION_LIFETIMES.idleMs),
    absoluteMs: given(
      'SESSION_ABSOLUTE_HOURS',
      HOUR_MS,
      7 * 24,
      DEFAULT_SESSION_LIFETIMES.absoluteMs,
    ),
    rememberIdleMs: given(
      'SESSION_REMEMBER_IDLE_DAYS',
      DAY_MS,
      365,
      DEFAULT_SESSION_LIFETIMES.rememberIdleMs,
    ),
    rememberAbsoluteMs: given(
      'SESSION_REMEMBER_ABSOLUTE_DAYS',
      DAY_MS,
      365,
      DEFAULT_SESSION_LIFETIMES.rememberAbsoluteMs,
    ),
  };
  if (lifetimes.idleMs > lifetimes.absoluteMs) {
    throw new Error('SESSION_IDLE_MINUTES не может быть дольше SESSION_ABSOLUTE_HOURS');
  }
  if (lifetimes.rememberIdleMs > lifetimes.rememberAbsoluteMs) {
    throw new Error(
      'SESSION_REMEMBER_IDLE_DAYS не может быть дольше SESSION_REMEMBER_ABSOLUTE_DAYS',
    );
  }
  return lifetimes;
}

function parseRemotes(value: string | undefined, cwd: string): Record<string, string> {
  if (!value?.trim()) return {};
  const text = value.trim().startsWith('{')
    ? value
    : (() => {
        try {
          return fs.readFileSync(path.resolve(cwd, value.trim()), 'utf8');
        } catch {
          throw new Error(`REMOTES: файл «${value}» не прочитан`);
        }
      })();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('REMOTES должен быть JSON вида {"accounting": "https://…/mf-manifest.json"}');
  }
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    Object.values(parsed).some((url) => typeof url !== 'string' || url === '')
  ) {
    throw new Error('REMOTES должен сопоставлять имени раздела адрес его mf-manifest.json');
  }
  return parsed as Record<string, string>;
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off']);

function parseFlag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw new Error(`${name} должен быть 1/0, true/false, yes/no или on/off, а не «${value}»`);
}

// The names Fastify's trustProxy (proxy-addr) knows for the usual private ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a flag word (trust every proxy or none), a whole number of proxy hops, or a
 * comma-separated list of proxy addresses and CIDR ranges.
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value.trim() === '') return false;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  if (/^\d+$/.test(word)) return Number(word);
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) {
      throw new Error(
        `TRUST_PROXY: «${entry}» — не адрес и не диапазон CIDR. Ожидается 1/0 (доверять всем ` +
          'прокси или никому), число прокси перед API или список адресов и диапазонов через ' +
          'запятую, например 10.0.0.5 или 10.0.0.0/8',
      );
    }
  }
  return entries;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT должен быть целым числом от 1 до 65535, а не «${value}»`);
  }
  return port;
}

/** SMTP_URL: smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465. */
export function parseSmtpUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('SMTP_URL должен быть адресом вида smtp://логин:пароль@сервер:587');
  }
  if ((parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') || !parsed.hostname) {
    throw new Error('SMTP_URL должен начинаться с smtp:// или smtps:// и называть сервер');
  }
  return url;
}

/**
 * Reads PORT (8080), DATA_DIR (./data), DATABASE_URL (none: embedded), SEED_DEMO, REMOTES,
 * TRUST_PROXY (off), the session lifetimes (readSessionLifetimes), SMTP_URL (none) and
 * MESSAGE_ROUND (on).
 */
// npm runs workspace scripts inside apps/api; a relative path means where npm was called (INIT_CWD).
export function readConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd = env.INIT_CWD || process.cwd(),
): ApiConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL должен начинаться с postgres:// или postgresql://');
  }
  return {
    port: parsePort(env.PORT),
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || 'data'),
    databaseUrl,
    // Demo data goes into the embedded database by default, never into an external one unasked.
    seedDemo: parseFlag('SEED_DEMO', env.SEED_DEMO, databaseUrl === null),
    remoteUrls: parseRemotes(env.REMOTES, cwd),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessions: readSessionLifetimes(env),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    messageRound: parseFlag('MESSAGE_ROUND', env.MESSAGE_ROUND, true),
  };
}
