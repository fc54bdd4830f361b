import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The papers the company hands out, numbered per series and year and kept (DESIGN.md 9, issue 32):
 * the first print of a paper takes the series' next number of its year; a reprint of the same
 * subject (a participant's invoice, a payment's receipt, an act for a counterparty and period) is
 * the same paper, with the same number and date.
 *
 * - `series`: invoice (Счёт на оплату), receipt (Квитанция / ПКО), act (Акт сверки),
 *   agent_report (Отчёт агента), quote (Коммерческое предложение); a later series is a value here.
 * - `subject`: what the paper is of, as its series spells it (for example `transaction:42`).
 * - `paper_counters` holds each series' last number of a year; its row, locked, makes the
 *   numbering of concurrent requests sequential and leaves no gap when a transaction rolls back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table paper_counters (
    series text not null,
    year integer not null check (year between 2000 and 2999),
    last integer not null check (last >= 0),
    primary key (series, year)
  )`.execute(db);
  await sql`create table papers (
    id bigserial primary key,
    series text not null
      check (series in ('invoice', 'receipt', 'act', 'agent_report', 'quote')),
    year integer not null check (year between 2000 and 2999),
    number integer not null check (number > 0),
    subject text not null check (length(subject) between 1 and 200),
    issued_on date not null,
    issued_by bigint references users (id) on delete set null,
    created_at timestamptz not null default now(),
    unique (series, year, number),
    unique (series, subject)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists papers`.execute(db);
  await sql`drop table if exists paper_counters`.execute(db);
}
