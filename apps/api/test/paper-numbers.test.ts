import type { Db } from '../src/db/database';
import { paperNumber, paperNumberText } from '../src/domain/papers/numbering';
import { useTestDatabase } from './database';

// Papers numbered per series and year and kept (DESIGN.md 9): a reprint is the same paper, each
// series counts on its own from 1 each year, and a rolled-back print leaves no gap.

const database = useTestDatabase({ max: 4 });
const db = (): Db => database().db;

beforeEach(async () => {
  await db().deleteFrom('papers').execute();
  await db().deleteFrom('paper_counters').execute();
});

it('numbers each series from 1 per year and keeps a reprint the same paper', async () => {
  const first = await paperNumber(db(), 'invoice', 'participant:1', '2026-11-27', null);
  const second = await paperNumber(db(), 'invoice', 'participant:2', '2026-11-28', null);
  const reprint = await paperNumber(db(), 'invoice', 'participant:1', '2026-12-05', null);
  const receipt = await paperNumber(db(), 'receipt', 'transaction:9', '2026-11-28', null);
  const nextYear = await paperNumber(db(), 'invoice', 'participant:3', '2027-01-02', null);
  expect(first).toEqual({ series: 'invoice', year: 2026, number: 1, issuedOn: '2026-11-27' });
  expect(second).toEqual({ series: 'invoice', year: 2026, number: 2, issuedOn: '2026-11-28' });
  expect(reprint).toEqual(first);
  expect(receipt).toEqual({ series: 'receipt', year: 2026, number: 1, issuedOn: '2026-11-28' });
  expect(nextYear).toEqual({ series: 'invoice', year: 2027, number: 1, issuedOn: '2027-01-02' });
  expect(paperNumberText(second)).toBe('№ 2 от 28.11.2026');
});

it('gives concurrent first prints consecutive numbers and one subject one number', async () => {
  const subjects = ['a', 'b', 'c', 'a', 'b', 'c', 'd', 'd'];
  const papers = await Promise.all(
    subjects.map((subject) =>
      db()
        .transaction()
        .execute((trx) => paperNumber(trx, 'act', subject, '2026-11-27', null)),
    ),
  );
  const bySubject = new Map<string, number>();
  for (const [index, paper] of papers.entries()) {
    const seen = bySubject.get(subjects[index]!);
    if (seen !== undefined) expect(paper.number).toBe(seen);
    bySubject.set(subjects[index]!, paper.number);
  }
  expect([...bySubject.values()].sort()).toEqual([1, 2, 3, 4]);
});

it('takes a rolled-back number back, so the next print has it', async () => {
  await expect(
    db()
      .transaction()
      .execute(async (trx) => {
        await paperNumber(trx, 'receipt', 'transaction:1', '2026-11-27', null);
        throw new Error('the paper failed');
      }),
  ).rejects.toThrow('the paper failed');
  const next = await paperNumber(db(), 'receipt', 'transaction:2', '2026-11-27', null);
  expect(next.number).toBe(1);
});
