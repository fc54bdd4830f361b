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

/**
 * Reads PORT (8080), DATA_DIR (./data), DATABASE_URL (none: embedded), SEED_DEMO, REMOTES and
 * TRUST_PROXY (off).
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
  };
}
