import fs from 'node:fs';
import path from 'node:path';

/** Settings of the API server, read once from the environment (DESIGN.md "Running it"). */
export interface ApiConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  /** Remote name → manifest URL for remotes hosted elsewhere (REMOTES: JSON, or a JSON file). */
  remoteUrls: Record<string, string>;
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

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT должен быть целым числом от 1 до 65535, а не «${value}»`);
  }
  return port;
}

/** Reads PORT (8080), DATA_DIR (./data), DATABASE_URL (none: embedded) and SEED_DEMO. */
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
  };
}
