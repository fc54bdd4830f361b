import pg from 'pg';
import { MIGRATION_TABLE } from '../migrate';
import { withClient } from './connection';

export interface Column {
  name: string;
  type: string;
}

export interface TableShape {
  name: string;
  /** The columns a row's values go into: every one but the generated. */
  columns: Column[];
  /** Whether a column is an identity column (an INSERT then says OVERRIDING SYSTEM VALUE). */
  identity: boolean;
}

const TABLES_SQL = `
  select c.relname as name,
         coalesce(json_agg(json_build_object('name', a.attname,
                                             'type', format_type(a.atttypid, a.atttypmod),
                                             'generated', a.attgenerated <> '')
                           order by a.attnum) filter (where a.attnum is not null), '[]') as columns,
         bool_or(a.attidentity <> '') as identity
    from pg_class c
    left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
   where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
     and not c.relispartition
   group by c.relname
   order by c.relname`;

export async function tablesOf(client: pg.Client): Promise<(TableShape & { all: Column[] })[]> {
  const { rows } = await client.query<{
    name: string;
    columns: (Column & { generated: boolean })[];
    identity: boolean | null;
  }>(TABLES_SQL);
  return rows.map((row) => ({
    name: row.name,
    all: row.columns.map(({ name, type }) => ({ name, type })),
    columns: row.columns.filter((c) => !c.generated).map(({ name, type }) => ({ name, type })),
    identity: row.identity === true,
  }));
}

/** Tables whose rows a tour-dump does not carry: the migrations' own (a restore migrates). */
export const MIGRATION_TABLES = new Set([MIGRATION_TABLE, `${MIGRATION_TABLE}_lock`]);

export const ident = (client: pg.Client, name: string) => client.escapeIdentifier(name);
export const qualified = (client: pg.Client, name: string) => `public.${ident(client, name)}`;

export interface DatabaseContents {
  /** Tables outside the system schemas. */
  tables: number;
  /** Tables, views, sequences and foreign tables outside the system schemas. */
  relations: number;
  /** Functions and procedures outside the system schemas (extensions' included). */
  functions: number;
}

const CONTENTS_SQL = `
  with user_schemas as (
    select oid from pg_namespace
     where nspname <> 'information_schema' and nspname not like 'pg\\_%')
  select (select count(*) from pg_class
           where relnamespace in (select oid from user_schemas)
             and relkind in ('r', 'p')) as tables,
         (select count(*) from pg_class
           where relnamespace in (select oid from user_schemas)
             and relkind in ('r', 'p', 'v', 'm', 'S', 'f')) as relations,
         (select count(*) from pg_proc
           where pronamespace in (select oid from user_schemas)) as functions`;

export async function contentsOf(client: pg.Client): Promise<DatabaseContents> {
  const { rows } = await client.query<{ tables: string; relations: string; functions: string }>(
    CONTENTS_SQL,
  );
  const row = rows[0]!;
  return {
    tables: Number(row.tables),
    relations: Number(row.relations),
    functions: Number(row.functions),
  };
}

/** What the database at `url` holds outside the system schemas. */
export function databaseContents(url: string): Promise<DatabaseContents> {
  return withClient(url, 'tour-restore', contentsOf);
}
