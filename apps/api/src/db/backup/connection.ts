import pg from 'pg';

/** Russian message for the person running the command (the CLI prints it without a stack). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Where a backup or a restore says how it goes. */
export type Log = (message: string) => void;

export function connect(url: string, application: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: application });
  return client.connect().then(
    () => client,
    (error: unknown) => {
      throw new BackupError(`Не удалось подключиться к базе данных: ${messageOf(error)}`);
    },
  );
}

export async function withClient<T>(
  url: string,
  application: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = await connect(url, application);
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface ServerVersion {
  /** server_version_num: 150018, 170010. */
  num: number;
  major: number;
  /** server_version as the server says it: "17.10", "15.18 (Debian 15.18-0+deb12u1)". */
  text: string;
}

async function versionOf(client: pg.Client): Promise<ServerVersion> {
  const { rows } = await client.query<{ num: string; text: string }>(
    `select current_setting('server_version_num') as num, current_setting('server_version') as text`,
  );
  const num = Number(rows[0]!.num);
  return { num, major: Math.floor(num / 10000), text: rows[0]!.text };
}

/** What the server at `url` says its version is (pg_dump is picked by its major). */
export function serverVersion(url: string): Promise<ServerVersion> {
  return withClient(url, 'tour-backup', versionOf);
}

/** The URL without its password (for messages), and the password (for PGPASSWORD). */
export function splitPassword(url: string): { url: string; password: string | null } {
  try {
    const parsed = new URL(url);
    const password = parsed.password ? decodeURIComponent(parsed.password) : null;
    parsed.password = '';
    return { url: parsed.toString(), password };
  } catch {
    return { url, password: null };
  }
}

/** The URL for messages: never a password. */
export function hidePassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
