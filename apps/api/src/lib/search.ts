import { sql } from 'kysely';

/** A LIKE pattern matching `term` literally anywhere, case-insensitive: `%`, `_` and `\` lose their meaning. */
export function containing(term: string) {
  const escaped = term.replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql<string>`'%' || lower(${escaped}) || '%'`;
}
