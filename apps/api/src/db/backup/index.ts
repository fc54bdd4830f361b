/**
 * Backups of the API's database (`npm run backup` / `npm run restore`, README "Backup and
 * restore"), in one of two formats:
 *
 * - `pg_dump`: PostgreSQL's own custom format (`pg_dump -Fc`), restored with `pg_restore`. Used
 *   whenever a pg_dump able to dump the server is installed: its major version at least the
 *   server's (a pg_dump refuses a newer server). Debian's postgresql-client-15 dumps the
 *   production floor, PostgreSQL 15, and the embedded server of the same major.
 * - `tour-dump`: this module's own, for a server no installed pg_dump can dump — the embedded
 *   PostgreSQL 15 on a machine without a PostgreSQL client (its npm package ships only initdb,
 *   pg_ctl and postgres), or a newer external server than any pg_dump there. Written through the
 *   pg driver in one repeatable-read snapshot: a header (server, applied migrations, every
 *   table's columns), each table's rows as their row-type text (the server's own output
 *   functions, exact for every type), the sequences; gzip-compressed. The schema is not in the
 *   file: a restore builds it with this build's migrations, so it needs the very migrations the
 *   copy was made with (anything else is refused before a thing changes).
 *
 * A restore goes only into a database without tables of its own, or, when asked (`force`),
 * replaces everything in it: the current content is first saved beside the backups, then the
 * schema `public` is dropped and made anew. It refuses while an API instance is connected to the
 * database (its pool's application_name).
 */

export { backupDatabase, type BackupOptions, type BackupResult } from './backup';
export { databaseContents, type DatabaseContents } from './catalog';
export { BackupError, hidePassword, serverVersion, type ServerVersion } from './connection';
export { defaultBackupPath, formatOfFile, type BackupFormat } from './files';
export { clearDatabase, restoreDatabase, type RestoreOptions, type RestoreResult } from './restore';
export { runningEmbeddedUrl } from './running-embedded';
export { candidateBinDirs, findTools, pickTool, type PgTool } from './tools';
