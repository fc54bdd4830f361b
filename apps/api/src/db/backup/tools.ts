import fs from 'node:fs';
import path from 'node:path';
import { embeddedBinDir } from '../cluster';
import { runProcess } from '../run-process';

export interface PgTool {
  path: string;
  major: number;
  /** As the program prints it: "15.18 (Debian 15.18-0+deb12u1)". */
  version: string;
}

/** A PostgreSQL program run to its end (its own environment, else ours), its output kept. */
export const run = (file: string, args: string[], env?: NodeJS.ProcessEnv) =>
  runProcess(file, args, { env: env ?? process.env });

/**
 * Folders that may hold pg_dump and pg_restore: the embedded package's (in case it ever ships
 * them), Debian's /usr/lib/postgresql/<major>/bin, the PGDG /usr/pgsql-<major>/bin, then PATH.
 */
export function candidateBinDirs(): string[] {
  const dirs: string[] = [];
  try {
    dirs.push(embeddedBinDir());
  } catch {
    // No embedded PostgreSQL installed: an external server's tools are elsewhere.
  }
  const versioned = (parent: string, pattern: RegExp, bin: (name: string) => string) => {
    try {
      for (const name of fs.readdirSync(parent)) {
        if (pattern.test(name)) dirs.push(bin(name));
      }
    } catch {
      // No such folder on this system.
    }
  };
  versioned('/usr/lib/postgresql', /^\d+$/, (name) => `/usr/lib/postgresql/${name}/bin`);
  versioned('/usr', /^pgsql-\d+$/, (name) => `/usr/${name}/bin`);
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return dirs;
}

/** Every `name` (pg_dump, pg_restore) found in `dirs` with its version, each program once. */
export async function findTools(
  name: 'pg_dump' | 'pg_restore',
  dirs: string[] = candidateBinDirs(),
): Promise<PgTool[]> {
  const seen = new Set<string>();
  const tools: PgTool[] = [];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    let real: string;
    try {
      fs.accessSync(file, fs.constants.X_OK);
      real = fs.realpathSync(file);
    } catch {
      continue;
    }
    if (seen.has(real)) continue;
    seen.add(real);
    const result = await run(file, ['--version']).catch(() => null);
    // "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"
    const match = result && /\)\s*((\d+)(?:\.\d+)?.*)$/m.exec(result.stdout.trim());
    if (!result || result.code !== 0 || !match) continue;
    tools.push({ path: file, major: Number(match[2]), version: match[1]!.trim() });
  }
  return tools;
}

/**
 * The program to use with a server of `serverMajor`: the lowest major that is at least the
 * server's (pg_dump refuses a newer server; the closest one writes what that server reads), or
 * null when every one found is older.
 */
export function pickTool(tools: PgTool[], serverMajor: number): PgTool | null {
  const fit = tools.filter((tool) => tool.major >= serverMajor).sort((a, b) => a.major - b.major);
  return fit[0] ?? null;
}

export function clientEnv(password: string | null): NodeJS.ProcessEnv {
  return password === null ? process.env : { ...process.env, PGPASSWORD: password };
}
