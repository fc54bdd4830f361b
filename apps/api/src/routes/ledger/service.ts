import {
  can,
  currencyPrecision,
  divideCeil,
  exactRateToString,
  formatDate,
  fromMinorUnits,
  resolveRate,
  type Currency,
  type Rates,
  type ValidationErrors,
} from '@tour/core';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { HttpError, notFound, validationError } from '../../lib/http-errors';
import { minorUnitsOf, parseMajorAmount } from '../../lib/amount';
import { paged } from '../../lib/paging';
import { paginate } from '@tour/core/contract/common';
import { singleFlight } from '../../lib/single-flight';
import {
  confirmMovement,
  movableWallet,
  reasonOf,
  recordMovement,
  rejectMovement,
  replayOf,
  requestHash,
  reverseMovement,
  type Movement,
} from '../../domain/ledger/movements';
import { findTransaction, findTransactions } from '../../domain/ledger/transactions';
import { publishOperations, rememberedUntilLedgerChanges } from '../../domain/ledger/announcements';
import { recordChanges } from '../../domain/history';
import { ratesOfLatestDay } from '../rates/service';
import { participantOverpayment } from '../trips/participant-money-service';
import { addDays, businessToday } from '../../domain/business-day';
import type { ScopeViewer } from '../../domain/reach';
import { transactionJson } from '../wallets/service';
import { transactionsOfIds } from '../../domain/ledger/wallets';
import type { TransactionJson } from '@tour/core/contract/wallets';
import * as repo from './repository';
import * as waitings from './waitings-repository';
import type {
  BulkResult,
  CategoryMonthTotal,
  CurrencyTotal,
  LedgerSettingsJson,
  MovementBody,
  OperationFilters,
  OperationsQuery,
  WaitingFilters,
  WaitingsConfirmBody,
  WaitingsQuery,
} from '@tour/core/contract/ledger';
import { WAITINGS_CONFIRM_MAX } from '@tour/core/contract/ledger';

export const LEDGER_MESSAGES = {
  targetRequired: 'Укажите кошелёк-получатель',
  targetSame: 'Получатель должен отличаться от кошелька-источника',
  targetOnlyTransfer: 'Получатель указывается только у перевода',
  noRate: (from: Currency, to: Currency, day: string) =>
    `Нет курса ${from.toUpperCase()} → ${to.toUpperCase()} на ${formatDate(day)} или раньше: ` +
    'введите курсы этого дня',
  rateDateLater: 'День курса не может быть позже завтрашнего',
  tripMissing: 'Тур не найден',
  participantNeedsTrip: 'Участник указывается вместе с туром',
  participantMissing: 'В этом туре нет такого участника',
  participantWallet:
    'Платёж или возврат участника — через кассу или счёт компании (или кошелёк самого туриста)',
  overpaymentOnlyIncome: 'Переплата отмечается только у платежа участника тура',
  categoryForbidden:
    'Категории — только у административных операций (право administrative_transactions)',
  categoryMissing: 'Нет такой категории',
  categoryWithTrip: 'У административной операции нет тура',
  categoryEmpty: 'Укажите название категории',
  categoryTooLong: 'Название категории — не больше 100 символов',
  categoryTaken: 'Такая категория уже есть',
  noAuthor: 'Автор не указан',
  tooManyToConfirm: `Не больше ${WAITINGS_CONFIRM_MAX} операций за раз: сузьте фильтр`,
  queueChanged: (count: number) =>
    `Список изменился: под фильтр теперь попадает операций — ${count}. Ничего не подтверждено; ` +
    'проверьте список и повторите.',
} as const;

function ratesOf(rows: { from_currency: string; to_currency: string; rate: string }[]): Rates {
  const rates: Rates = {};
  for (const row of rows) {
    const from = storedCurrency(row.from_currency);
    (rates[from] ??= {})[storedCurrency(row.to_currency)] = row.rate;
  }
  return rates;
}

/**
 * POST /admin/balance/movements: one movement (income, outcome or transfer), pending, through
 * recordMovement. A transfer between currencies converts with the shared code at the rates of the
 * latest day on or before `rate_date`, rounds up once to the target's precision, and keeps the
 * exact rate (as a fraction when an inverse or cross rate has no finite decimal) and its day.
 */
export async function recordMovementRequest(
  trx: Db,
  viewer: ScopeViewer,
  body: MovementBody,
  idempotencyKey: string,
): Promise<TransactionJson> {
  const comment = body.comment?.trim() || null;
  const amount = parseMajorAmount(body.amount);
  const idempotency = {
    key: idempotencyKey,
    requestHash: requestHash([
      'movement',
      body.type,
      body.wallet_id,
      'error' in amount ? String(body.amount) : amount.toFixed(),
      body.target_wallet_id ?? null,
      body.rate_date ?? null,
      body.trip_id ?? null,
      body.participant_id ?? null,
      body.category ?? null,
      comment,
      body.overpayment === true,
    ]),
  };
  const earlier = await replayOf(trx, viewer.id, idempotency);
  if (earlier !== null) return answer(trx, earlier);

  const errors: ValidationErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if ('error' in amount) add('amount', amount.error);
  if (body.type === 'transfer') {
    if (body.target_wallet_id === undefined)
      add('target_wallet_id', LEDGER_MESSAGES.targetRequired);
    else if (body.target_wallet_id === body.wallet_id) {
      add('target_wallet_id', LEDGER_MESSAGES.targetSame);
    }
  } else if (body.target_wallet_id !== undefined) {
    add('target_wallet_id', LEDGER_MESSAGES.targetOnlyTransfer);
  }
  const today = businessToday();
  if (body.rate_date !== undefined && body.rate_date > addDays(today, 1)) {
    add('rate_date', LEDGER_MESSAGES.rateDateLater);
  }
  if (body.participant_id !== undefined && body.trip_id === undefined) {
    add('participant_id', LEDGER_MESSAGES.participantNeedsTrip);
  }
  if (body.category !== undefined) {
    if (!can('administrative_transactions', viewer)) {
      add('category', LEDGER_MESSAGES.categoryForbidden);
    } else if (body.trip_id !== undefined) {
      add('category', LEDGER_MESSAGES.categoryWithTrip);
    } else if (!(await repo.categoryExists(trx, body.category))) {
      add('category', LEDGER_MESSAGES.categoryMissing);
    }
  }
  let participant: { id: number; user_id: number } | undefined;
  if (body.trip_id !== undefined) {
    if (!(await repo.tripExists(trx, body.trip_id))) add('trip_id', LEDGER_MESSAGES.tripMissing);
    else if (body.participant_id !== undefined) {
      participant = await repo.participantOfTrip(trx, body.trip_id, body.participant_id);
      if (!participant) add('participant_id', LEDGER_MESSAGES.participantMissing);
    }
  }
  const participantIncome = participant !== undefined && body.type === 'income';
  if (body.overpayment === true && !participantIncome) {
    add('overpayment', LEDGER_MESSAGES.overpaymentOnlyIncome);
  }
  if (Object.keys(errors).length > 0 || 'error' in amount) throw validationError(errors);

  const source = await movableWallet(trx, viewer, body.wallet_id, 'wallet_id', participantIncome);
  // A participant's money moves through the company's wallets, or the tourist's own (DESIGN 3b).
  if (
    participant !== undefined &&
    body.type !== 'transfer' &&
    source.type !== 'site' &&
    source.user_id !== participant.user_id
  ) {
    throw validationError({ wallet_id: [LEDGER_MESSAGES.participantWallet] });
  }
  const target =
    body.type === 'transfer'
      ? await movableWallet(trx, viewer, body.target_wallet_id!, 'target_wallet_id')
      : null;
  const amountMinor = minorUnitsOf(amount, source.currency);
  if (typeof amountMinor !== 'number') throw validationError({ amount: [amountMinor.error] });

  const base = {
    walletId: source.id,
    amountMinor,
    currency: source.currency,
    comment,
    category: body.category ?? null,
    tripId: body.trip_id ?? null,
    participantId: body.participant_id ?? null,
    createdBy: viewer.id,
    idempotency,
  };
  let movement: Movement;
  if (target) {
    movement = {
      ...base,
      kind: 'transfer',
      target: await conversionOf(trx, amount, source.currency, target, body.rate_date ?? today),
    };
  } else {
    let overpayment = false;
    if (participantIncome) {
      const reason = await participantOverpayment(
        trx,
        body.trip_id!,
        participant!.id,
        amountMinor,
        source.currency,
      );
      if (reason !== null && body.overpayment !== true) {
        throw validationError({ overpayment: [reason] }, reason);
      }
      overpayment = reason !== null;
    }
    movement = { ...base, kind: body.type as 'income' | 'outcome', overpayment };
  }
  const { id } = await recordMovement(trx, movement);
  return answer(trx, id);
}

/** The target side of a transfer: the converted amount, ceiled once, and the exact rate used. */
async function conversionOf(
  trx: Db,
  amount: Exclude<ReturnType<typeof parseMajorAmount>, { error: string }>,
  from: Currency,
  target: { id: number; currency: Currency },
  day: string,
) {
  if (from === target.currency) {
    const minor = minorUnitsOf(amount, from);
    if (typeof minor !== 'number') throw validationError({ amount: [minor.error] });
    return { walletId: target.id, amountMinor: minor, currency: from, rate: '1' };
  }
  const rows = await ratesOfLatestDay(trx, day);
  const rate = rows.length > 0 ? resolveRate(ratesOf(rows), from, target.currency) : null;
  if (!rate) {
    const message = LEDGER_MESSAGES.noRate(from, target.currency, day);
    throw validationError({ rate_date: [message] }, message);
  }
  const converted = divideCeil(
    amount.times(rate.numerator),
    rate.denominator,
    currencyPrecision(target.currency),
  );
  const minor = minorUnitsOf(converted, target.currency);
  if (typeof minor !== 'number') throw validationError({ amount: [minor.error] });
  const exact = rate.denominator.eq(1);
  return {
    walletId: target.id,
    amountMinor: minor,
    currency: target.currency,
    rate: exactRateToString(rate),
    fraction: exact
      ? null
      : { numerator: rate.numerator.toFixed(), denominator: rate.denominator.toFixed() },
    rateDate: rows[0]!.date,
  };
}

async function answer(db: Db, id: number): Promise<TransactionJson> {
  const row = await findTransaction(db, id);
  if (!row) throw new Error(`Операция ${id} не найдена`);
  return transactionJson(row);
}

/** The operation as answered, its wallets announced to open pages (GET /api/events). */
async function announced(db: Db, id: number): Promise<TransactionJson> {
  const operation = await answer(db, id);
  await publishOperations(db, [operation]);
  return operation;
}

export const OPERATION_NOT_FOUND = 'Операция не найдена';

/**
 * An operation that moves a company wallet's money is, without allow_site_wallets, out of reach as
 * in the lists: reading, confirming, rejecting or reversing it answers 404, as for no operation.
 * (The wallet's type never changes, so the check needs no lock.)
 */
export async function checkOperationReach(db: Db, viewer: ScopeViewer, id: number) {
  if (!seesSite(viewer) && (await repo.touchesSiteWallet(db, id))) {
    throw notFound(OPERATION_NOT_FOUND);
  }
}

/** POST /admin/balance/operations/:id/confirm, in its own transaction. */
export async function confirmOne(db: Db, viewer: ScopeViewer, id: number) {
  await checkOperationReach(db, viewer, id);
  await db.transaction().execute((trx) => confirmMovement(trx, id, viewer.id));
  return announced(db, id);
}

/** POST /admin/balance/operations/:id/reject, in its own transaction. */
export async function rejectOne(db: Db, viewer: ScopeViewer, id: number, reason: unknown) {
  const text = reasonOf(reason);
  await checkOperationReach(db, viewer, id);
  await db.transaction().execute((trx) => rejectMovement(trx, id, viewer.id, text));
  return announced(db, id);
}

/** POST /admin/balance/operations/:id/reverse: the reversing operation, pending. */
export async function reverseOne(db: Db, viewer: ScopeViewer, id: number, reason: unknown) {
  const text = reasonOf(reason);
  await checkOperationReach(db, viewer, id);
  const { id: reversal } = await db
    .transaction()
    .execute((trx) => reverseMovement(trx, id, viewer.id, text));
  return announced(db, reversal);
}

/** Each id in its own transaction, one after another; a result per id, in the order given. */
async function eachOnItsOwn(
  ids: number[],
  work: (id: number) => Promise<TransactionJson>,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      results.push({ id, ok: true, status: 200, message: null, operation: await work(id) });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({
        id,
        ok: false,
        status: error.statusCode,
        message: error.message,
        operation: null,
      });
    }
  }
  return results;
}

export const confirmMany = (db: Db, viewer: ScopeViewer, ids: number[]) =>
  eachOnItsOwn(ids, (id) => confirmOne(db, viewer, id));

export function rejectMany(db: Db, viewer: ScopeViewer, ids: number[], reason: unknown) {
  const text = reasonOf(reason);
  return eachOnItsOwn(ids, (id) => rejectOne(db, viewer, id, text));
}

const seesSite = (viewer: ScopeViewer) => can('allow_site_wallets', viewer);

/** The queue's filters as the repository takes them, the viewer's reach of company wallets in. */
function waitingScope(viewer: ScopeViewer, filters: WaitingFilters): waitings.WaitingScope {
  return { ...filters, withSite: seesSite(viewer) };
}

/**
 * GET /admin/balance/waitings: a page of the pending operations the filters find, in the order
 * asked (oldest first by default), with their totals per currency and how many operations each
 * choice of each filter holds given the others.
 */
export async function pageOfWaitings(db: Db, viewer: ScopeViewer, query: WaitingsQuery) {
  const { page = 1, per_page: perPage = 20, sort = 'oldest', ...filters } = query;
  const scope = waitingScope(viewer, filters);
  const offset = (page - 1) * perPage;
  let ids: number[];
  let figures: QueueFigures;
  if (scope.search?.trim()) {
    // How many a search finds decides how its page is read (waitingIds' `walk`).
    figures = await queueFigures(db, scope);
    const found = figures.totals.reduce((sum, row) => sum + Number(row.count), 0);
    ids = await waitings.waitingIds(db, scope, sort, perPage, offset, found > SEARCH_WALK_FROM);
  } else {
    [ids, figures] = await Promise.all([
      waitings.waitingIds(db, scope, sort, perPage, offset),
      queueFigures(db, scope),
    ]);
  }
  const { totals, counts } = figures;
  const rows = ids.length === 0 ? [] : await findTransactions(db, ids);
  const byId = new Map(rows.map((row) => [row.id, transactionJson(row)]));
  const total = totals.reduce((sum, row) => sum + Number(row.count), 0);
  const zero = { income: 0, outcome: 0, transfer: 0 };
  return {
    ...paginate(
      ids.map((id) => byId.get(id)!),
      total,
      page,
      perPage,
    ),
    totals: totalsJson(totals),
    counts: {
      type: { ...zero, ...Object.fromEntries(counts.types.map((r) => [r.type, Number(r.count)])) },
      currency: {
        kgs: 0,
        usd: 0,
        eur: 0,
        jpy: 0,
        ...Object.fromEntries(counts.currencies.map((r) => [r.currency, Number(r.count)])),
      },
      author: counts.authors.map((r) => ({
        id: r.id,
        name: r.name ?? LEDGER_MESSAGES.noAuthor,
        count: Number(r.count),
      })),
      wallet: counts.wallets.map((r) => ({
        id: r.id,
        name: r.name,
        currency: storedCurrency(r.currency),
        count: Number(r.count),
      })),
      overpayment: counts.overpayments,
    },
  };
}

/**
 * From how many matches a search's page walks the queue in order (the matches then come every
 * few rows) instead of gathering them all first (fast while they are few).
 */
const SEARCH_WALK_FROM = 2000;

interface QueueFigures {
  totals: Totals;
  counts: {
    types: { type: string; count: string }[];
    currencies: { currency: string; count: string }[];
    authors: { id: number | null; name: string | null; count: string }[];
    wallets: { id: number; name: string; currency: string; count: string }[];
    overpayments: number;
  };
}
const sharedQueueFigures = singleFlight<Db, QueueFigures>();

/**
 * The queue's totals and counts of a filter, remembered until the ledger next changes (the last
 * 200 filters), whatever page or order is read: a queue is paged through and re-sorted far more
 * often than it changes, and its sums are the slow part of a long one.
 */
const rememberedQueueFigures = rememberedUntilLedgerChanges<QueueFigures>(200);

/**
 * The queue's rows per tally key under a scope's filters other than the tally's own: the stored
 * tally (migration pending-tally) when there are none, else one grouped pass over what they find.
 */
function groupsOf(db: Db, scope: waitings.WaitingScope, withWallet = true) {
  const asked = withWallet ? scope : { ...scope, wallet: undefined };
  return waitings.tallyAnswers(asked)
    ? waitings.pendingTally(db)
    : waitings.pendingGroups(db, scope, withWallet);
}

/**
 * The queue's totals and counts from its rows per tally key: each facet counts the keys that
 * pass every other filter (the wallet's from rows found without the wallet filter); sums in
 * integer minor units, exactly.
 */
async function figuresOf(db: Db, scope: waitings.WaitingScope): Promise<QueueFigures> {
  const [rows, walletRows] = await Promise.all([
    groupsOf(db, scope),
    scope.wallet === undefined ? null : groupsOf(db, scope, false),
  ]);
  const passes = (row: waitings.PendingTallyRow, except?: waitings.Facet) =>
    (scope.type === undefined || except === 'type' || row.type === scope.type) &&
    (scope.currency === undefined || except === 'currency' || row.currency === scope.currency) &&
    (scope.author === undefined || except === 'author' || row.created_by === scope.author) &&
    (!scope.overpayment || except === 'overpayment' || row.overpayment);
  const countBy = <K>(
    except: waitings.Facet,
    keyOf: (row: waitings.PendingTallyRow) => K,
    from = rows,
  ) => {
    const counts = new Map<K, number>();
    for (const row of from.filter((r) => passes(r, except))) {
      counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + row.count);
    }
    return counts;
  };
  const perCurrency = new Map<string, { count: number; sums: Record<string, bigint> }>();
  for (const row of rows.filter((r) => passes(r))) {
    const entry = perCurrency.get(row.currency) ?? {
      count: 0,
      sums: { income: 0n, outcome: 0n, transfer: 0n },
    };
    entry.count += row.count;
    entry.sums[row.type] = entry.sums[row.type]! + BigInt(row.amount);
    perCurrency.set(row.currency, entry);
  }
  const totals: Totals = [...perCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, { count, sums }]) => ({
      currency,
      count: String(count),
      confirmed_count: '0',
      income: '0',
      outcome: '0',
      transfer: '0',
      pending_count: String(count),
      pending_income: String(sums.income),
      pending_outcome: String(sums.outcome),
      pending_transfer: String(sums.transfer),
      rejected_count: '0',
    }));
  const authors = countBy('author', (row) => row.created_by);
  const wallets = countBy('wallet', (row) => row.wallet_id, walletRows ?? rows);
  wallets.delete(0);
  const { people, places } = await waitings.namesOf(
    db,
    [...authors.keys()].filter((id) => id !== 0),
    [...wallets.keys()],
  );
  const byName = (a: { name: string | null }, b: { name: string | null }) =>
    (a.name ?? '').localeCompare(b.name ?? '', 'ru');
  return {
    totals,
    counts: {
      types: [...countBy('type', (row) => row.type)].map(([type, count]) => ({
        type,
        count: String(count),
      })),
      currencies: [...countBy('currency', (row) => row.currency)].map(([currency, count]) => ({
        currency,
        count: String(count),
      })),
      authors: [...authors]
        .map(([id, count]) => ({
          id: id === 0 ? null : id,
          name: people.find((person) => person.id === id)?.full_name ?? null,
          count: String(count),
        }))
        .sort(byName),
      wallets: places
        .map((place) => ({
          id: place.id,
          name: place.name,
          currency: place.currency,
          count: String(wallets.get(place.id)),
        }))
        .sort(byName),
      overpayments: countBy('overpayment', (row) => row.overpayment).get(true) ?? 0,
    },
  };
}

/**
 * The queue's figures of a scope: from the stored tally at once when it answers them, otherwise
 * computed in one pass (two with a wallet) and remembered.
 */
function queueFigures(db: Db, scope: waitings.WaitingScope): Promise<QueueFigures> {
  if (waitings.tallyAnswers(scope)) return figuresOf(db, scope);
  const key = JSON.stringify(scope);
  return rememberedQueueFigures(db, key, () =>
    sharedQueueFigures(db, key, () => figuresOf(db, scope)),
  );
}

/**
 * POST /admin/balance/waitings/confirm: confirms every pending operation the filters find, each in
 * its own transaction (as the bulk confirmation), provided they are as many as the person was
 * shown (`expected`); otherwise nothing is confirmed and the answer says how many there are now.
 */
export async function confirmWaitings(db: Db, viewer: ScopeViewer, body: WaitingsConfirmBody) {
  const { expected, ...filters } = body;
  const ids = await waitings.allWaitingIds(
    db,
    waitingScope(viewer, filters),
    WAITINGS_CONFIRM_MAX + 1,
  );
  if (ids.length > WAITINGS_CONFIRM_MAX) {
    throw validationError({ expected: [LEDGER_MESSAGES.tooManyToConfirm] });
  }
  if (ids.length !== expected) {
    throw new HttpError(409, LEDGER_MESSAGES.queueChanged(ids.length));
  }
  return confirmMany(db, viewer, ids);
}

function totalsJson(rows: Awaited<ReturnType<typeof repo.operationTotals>>): CurrencyTotal[] {
  return rows.map((row) => {
    const currency = storedCurrency(row.currency);
    const major = (minor: string) => fromMinorUnits(minor, currency);
    return {
      currency,
      count: Number(row.count),
      confirmed_count: Number(row.confirmed_count),
      income: major(row.income),
      outcome: major(row.outcome),
      transfer: major(row.transfer),
      pending_count: Number(row.pending_count),
      pending_income: major(row.pending_income),
      pending_outcome: major(row.pending_outcome),
      pending_transfer: major(row.pending_transfer),
      rejected_count: Number(row.rejected_count),
    };
  });
}

type Totals = Awaited<ReturnType<typeof repo.operationTotals>>;
const sharedTotals = singleFlight<Db, Totals>();

/** Each filter's totals, remembered until the ledger next changes (the last 200 filters). */
const rememberedTotals = rememberedUntilLedgerChanges<Totals>(200);

/** `generation`: the ledger's, read before (operationPageIds); read here when not given. */
function totalsOf(db: Db, scope: repo.OperationScope, generation?: bigint): Promise<Totals> {
  const key = JSON.stringify(scope);
  // Pages of one filter asked at once share one sum over its whole set.
  return rememberedTotals(
    db,
    key,
    () => sharedTotals(db, key, () => repo.operationTotals(db, scope)),
    generation,
  );
}

/**
 * GET /admin/balance/operations: a page of the filtered operations and their totals. The page's
 * ids come with the ledger's generation (one statement), then its names and, unless remembered
 * under that generation, its totals, at once on two connections.
 */
export async function pageOfOperations(db: Db, viewer: ScopeViewer, query: OperationsQuery) {
  const { page = 1, per_page, ...filters } = query;
  const scope = { ...filters, withSite: seesSite(viewer) };
  const limit = per_page ?? OPERATIONS_PER_PAGE;
  const { ids, generation } = await repo.operationPageIds(db, scope, limit, (page - 1) * limit);
  const [rows, totals] = await Promise.all([
    transactionsOfIds(db, ids),
    totalsOf(db, scope, generation),
  ]);
  const total = totals.reduce((sum, row) => sum + Number(row.count), 0);
  const result = await paged(
    { page, per_page: limit },
    OPERATIONS_PER_PAGE,
    async () => rows,
    async () => total,
    transactionJson,
  );
  return { ...result, totals: totalsJson(totals) };
}
const OPERATIONS_PER_PAGE = 20;

/** Every operation the filters find, newest first (the export), and their totals. */
/** Rows the export reads at a time: memory stays flat however many operations the filters find. */
export const EXPORT_BATCH = 2000;

/**
 * Every operation the filters find, newest first, read in batches by id (a keyset, never an
 * OFFSET), for a streamed export; and their totals.
 */
export function exportedOperations(db: Db, viewer: ScopeViewer, filters: OperationFilters) {
  const scope = { ...filters, withSite: seesSite(viewer) };
  async function* rows(): AsyncGenerator<TransactionJson> {
    let before: number | undefined;
    for (;;) {
      const batch = await repo.operationPage(db, scope, EXPORT_BATCH, 0, 'desc', before);
      for (const row of batch) yield transactionJson(row);
      if (batch.length < EXPORT_BATCH) return;
      before = batch[batch.length - 1]!.id;
    }
  }
  return { rows: rows(), totals: async () => totalsJson(await repo.operationTotals(db, scope)) };
}

export async function ledgerSettings(db: Db): Promise<LedgerSettingsJson> {
  const row = await repo.ledgerSettingWithAuthor(db, 'four_eyes');
  return {
    four_eyes: row === undefined || row.value !== false,
    updated_by_name: row?.updated_by_name ?? null,
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

/** The four-eyes setting changes; the change is recorded in the history like any other. */
export async function saveLedgerSettings(db: Db, viewer: ScopeViewer, fourEyes: boolean) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.saveLedgerSetting(trx, 'four_eyes', fourEyes, viewer.id);
    const old = before === undefined ? true : before !== false;
    if (old === fourEyes) return;
    await recordChanges(trx, [
      {
        record: { type: 'ledger_setting', id: 1 },
        entity: { type: 'ledger_setting', id: 1 },
        action: 'updated',
        changes: [{ field: 'four_eyes', old, new: fourEyes }],
        userId: viewer.id,
      },
    ]);
  });
  return ledgerSettings(db);
}

export async function addCategory(db: Db, viewer: ScopeViewer, name: string) {
  const text = name.trim();
  if (text === '') throw validationError({ name: [LEDGER_MESSAGES.categoryEmpty] });
  if (text.length > 100) throw validationError({ name: [LEDGER_MESSAGES.categoryTooLong] });
  if (!(await repo.insertCategory(db, text, viewer.id))) {
    throw validationError({ name: [LEDGER_MESSAGES.categoryTaken] });
  }
  return { name: text, builtin: false };
}

/** GET /admin/balance/admin-summary: the month's administrative totals per category. */
export async function categoryMonth(db: Db, month: string): Promise<CategoryMonthTotal[]> {
  const rows = await repo.categoryMonthTotals(db, month);
  return rows.map((row) => {
    const currency = storedCurrency(row.currency);
    return {
      category: row.category!,
      currency,
      count: Number(row.count),
      income: fromMinorUnits(row.income, currency),
      outcome: fromMinorUnits(row.outcome, currency),
    };
  });
}
