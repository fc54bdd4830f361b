import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './connection';

export type BackupFormat = 'pg_dump' | 'tour-dump';

/** backups/tour-YYYY-MM-DDTHHMMSS.dump (local time) under `dir`; `suffix` before the extension. */
export function defaultBackupPath(dir: string, now = new Date(), suffix = ''): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp =
    `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}` +
    `T${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  return path.join(dir, `tour-${stamp}${suffix}.dump`);
}

// The file appears under its name only once complete and on disk: a half-written copy keeps the
// `.partial` name (and is removed when the failure is ours).
export async function writeAtomically(file: string, write: (draft: string) => Promise<void>) {
  const target = path.resolve(file);
  if (fs.existsSync(target)) {
    throw new BackupError(
      `Файл ${target} уже есть: укажите другое имя (копия не перезаписывается).`,
    );
  }
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const draft = `${target}.partial`;
  fs.rmSync(draft, { force: true });
  try {
    // Made 0600 before anything is in it: pg_dump and the stream below keep an existing file's mode.
    fs.writeFileSync(draft, '', { mode: 0o600 });
    await write(draft);
    // Personal data and password hashes: readable by the owner only.
    fs.chmodSync(draft, 0o600);
    const handle = await fs.promises.open(draft, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    fs.renameSync(draft, target);
  } catch (error) {
    fs.rmSync(draft, { force: true });
    throw error;
  }
  try {
    const dir = fs.openSync(path.dirname(target), 'r');
    fs.fsyncSync(dir);
    fs.closeSync(dir);
  } catch {
    // Some file systems cannot sync a folder; the file itself is on disk.
  }
  return target;
}

/** The format of a backup file, from its first bytes; null when it is neither. */
export function formatOfFile(file: string): BackupFormat | null {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'tour-dump';
  return null;
}
