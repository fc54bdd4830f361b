import { can, fromMinorUnits } from '@tour/core';
import type { Db } from '../../db/database';
import { FieldErrors } from '../../lib/field-errors';
import { notFound } from '../../lib/http-errors';
import { paged, sharedCount, type Paging } from '../../lib/paging';
import { changedFields, recordChanges } from '../../domain/history';
import { findUserInScope } from '../../domain/reach';
import { reaches, userScope, type ReachedUser, type ScopeViewer } from '../../domain/reach';
import {
  countWallets,
  findWallet,
  insertWallet,
  lockWallet,
  transactionPage,
  updateWallet,
  walletPage,
  type TransactionRecord,
  type WalletFilter,
  type WalletRecord,
  type WalletWithTally,
} from '../../domain/ledger/wallets';
import {
  DEFAULT_PER_PAGE,
  WALLET_NAME_MAX_LENGTH,
  type CreateWalletBody,
  type TransactionJson,
  type UpdateWalletBody,
  type WalletDetailJson,
  type WalletJson,
} from '@tour/core/contract/wallets';
import { storedCurrency } from '../../lib/currency';

export function walletJson(row: WalletRecord): WalletJson {
  const currency = storedCurrency(row.currency);
  return {
    id: row.id,
    type: row.type,
    user_id: row.user_id,
    name: row.name,
    currency,
    balance: fromMinorUnits(row.balance, currency),
    kind: row.kind,
    user_name: row.user_name,
  };
}

export function transactionJson(row: TransactionRecord): TransactionJson {
  const currency = storedCurrency(row.currency);
  const targetCurrency = row.target_currency === null ? null : storedCurrency(row.target_currency);
  return {
    id: row.id,
    wallet_id: row.wallet_id,
    type: row.type,
    amount: fromMinorUnits(row.amount, currency),
    currency,
    status: row.status,
    target_wallet_id: row.target_wallet_id,
    target_amount:
      row.target_amount === null || targetCurrency === null
        ? null
        : fromMinorUnits(row.target_amount, targetCurrency),
    target_currency: targetCurrency,
    rate: row.rate === null ? null : Number(row.rate),
    trip_id: row.trip_id,
    participant_id: row.participant_id,
    booking_id: row.booking_id,
    category: row.category,
    comment: row.comment,
    created_by: row.created_by,
    confirmed_by: row.confirmed_by,
    created_at: new Date(row.created_at).toISOString(),
    confirmed_at: row.confirmed_at === null ? null : new Date(row.confirmed_at).toISOString(),
    reverses_id: row.reverses_id,
    reversed_by_id: row.reversed_by_id,
    rejection_reason: row.rejection_reason,
    rate_date: row.rate_date,
    wallet_name: row.wallet_name,
    target_wallet_name: row.target_wallet_name,
    wallet_owner_name: row.wallet_owner_name,
    target_wallet_owner_name: row.target_wallet_owner_name,
    created_by_name: row.created_by_name,
    confirmed_by_name: row.confirmed_by_name,
    overpayment: row.overpayment,
    trip: row.trip,
    participant: row.participant,
    booking: row.booking,
  };
}

/** Site (company) wallets are seen only with allow_site_wallets. */
export const seesSiteWallets = (viewer: ScopeViewer) => can('allow_site_wallets', viewer);

/** Whose a wallet is: all the read rule looks at. */
export type WalletOwnership = Pick<WalletRecord, 'type' | 'user_id'>;

/**
 * THE rule for reading a wallet and its operations (DESIGN.md 3 "Accounting" and 4), used by
 * every read of one (GET /admin/wallet/:id, /admin/transactions/:walletId,
 * /admin/user/:userId/wallets; the lists keep their permission rules). A company wallet:
 * accounting_section and allow_site_wallets. A user wallet: its owner; accounting_section; or
 * add_payment when the owner is within the viewer's reach (userScope: the one who takes a
 * user's payments sees where they went).
 */
export async function canReadWallet(
  db: Db,
  viewer: ScopeViewer,
  wallet: WalletOwnership,
): Promise<boolean> {
  const verdict = walletVerdict(viewer, wallet);
  if (verdict !== 'owner-in-reach') return verdict;
  return (await findUserInScope(db, userScope(viewer), wallet.user_id!)) !== undefined;
}

/** The rule above for a wallet whose owner's links are at hand: for many wallets, no query. */
export function canReadWalletOf(
  viewer: ScopeViewer,
  wallet: WalletOwnership & { owner: Omit<ReachedUser, 'id'> | null },
): boolean {
  const verdict = walletVerdict(viewer, wallet);
  if (verdict !== 'owner-in-reach') return verdict;
  return wallet.owner !== null && reaches(viewer, { id: wallet.user_id!, ...wallet.owner });
}

/** Whether the rule above lets the viewer read every wallet, whoever owns it. */
export const readsEveryWallet = (viewer: ScopeViewer) =>
  can('accounting_section', viewer) && seesSiteWallets(viewer);

/** The read rule up to the question only the owner's links answer. */
function walletVerdict(viewer: ScopeViewer, wallet: WalletOwnership): boolean | 'owner-in-reach' {
  if (wallet.type === 'site') return can('accounting_section', viewer) && seesSiteWallets(viewer);
  if (wallet.user_id === null) return false;
  if (wallet.user_id === viewer.id || can('accounting_section', viewer)) return true;
  return can('add_payment', viewer) ? 'owner-in-reach' : false;
}

/** The rule above in words, for the OpenAPI document of every route that applies it. */
export const WALLET_READERS =
  'кошелёк компании — accounting_section и allow_site_wallets; кошелёк пользователя — ' +
  'владелец, accounting_section или add_payment, если владелец в досягаемости (свои ' +
  'подопечные без see_all_users)';

export const WALLET_NOT_FOUND = 'Кошелёк не найден';

/** The wallet if the viewer may read it; else 404, so that its existence is not revealed. */
export async function readableWallet(
  db: Db,
  viewer: ScopeViewer,
  id: number,
): Promise<WalletWithTally> {
  const wallet = await findWallet(db, id);
  if (!wallet || !(await canReadWallet(db, viewer, wallet))) throw notFound(WALLET_NOT_FOUND);
  return wallet;
}

export function pageOfWallets(db: Db, filter: WalletFilter, paging: Paging) {
  const key = `wallets:${filter.withSite}:${filter.userId ?? ''}:${filter.walletId ?? ''}`;
  return paged(
    paging,
    DEFAULT_PER_PAGE,
    (limit, offset) => walletPage(db, filter, limit, offset),
    () => sharedCount(db, key, () => countWallets(db, filter)),
    walletJson,
  );
}

/** A page of a wallet's history; its total is the wallet's own tally, read with the wallet. */
export function pageOfTransactions(db: Db, wallet: WalletWithTally, paging: Paging) {
  return paged(
    paging,
    DEFAULT_PER_PAGE,
    (limit, offset) => transactionPage(db, wallet.id, limit, offset),
    async () => Number(wallet.listed_transactions),
    transactionJson,
  );
}

/** One wallet as its own read answers it: with whether it has any operation. */
export function walletDetailJson(row: WalletWithTally): WalletDetailJson {
  return { ...walletJson(row), has_operations: Number(row.listed_transactions) > 0 };
}

export const WALLET_MESSAGES = {
  nameRequired: 'Укажите название кошелька',
  nameTooLong: `Название — не больше ${WALLET_NAME_MAX_LENGTH} символов`,
  ownerRequired: 'Укажите владельца кошелька',
  ownerMissing: 'Пользователь не найден',
  siteHasNoOwner: 'У кошелька компании нет владельца',
  kindOnlySite: 'Касса или счёт — только у кошелька компании',
  siteForbidden: 'Кошельки компании — только с правом allow_site_wallets',
  typeFixed: 'Тип кошелька менять нельзя',
  currencyFixed: 'Валюту кошелька с операциями менять нельзя',
} as const;

/** The fields a wallet's history follows, in the form's order. */
const HISTORY_FIELDS = ['type', 'kind', 'user_id', 'name', 'currency'] as const;

const walletRecord = (id: number) => ({ type: 'wallet' as const, id });

/** The name trimmed, or its error. */
function checkedName(name: string, errors: FieldErrors): string {
  const trimmed = name.trim();
  if (trimmed === '') errors.add('name', WALLET_MESSAGES.nameRequired);
  else if (trimmed.length > WALLET_NAME_MAX_LENGTH) errors.add('name', WALLET_MESSAGES.nameTooLong);
  return trimmed;
}

/**
 * The owner a wallet of `type` gets: a user within the viewer's reach for a user's wallet, none
 * for the company's.
 */
async function checkedOwner(
  db: Db,
  viewer: ScopeViewer,
  type: 'user' | 'site',
  userId: number | null | undefined,
  errors: FieldErrors,
): Promise<number | null> {
  if (type === 'site') {
    if (userId !== undefined && userId !== null) {
      errors.add('user_id', WALLET_MESSAGES.siteHasNoOwner);
    }
    return null;
  }
  if (userId === undefined || userId === null) {
    errors.add('user_id', WALLET_MESSAGES.ownerRequired);
    return null;
  }
  if (!(await findUserInScope(db, userScope(viewer), userId))) {
    errors.add('user_id', WALLET_MESSAGES.ownerMissing);
  }
  return userId;
}

async function reread(trx: Db, id: number): Promise<WalletWithTally> {
  const row = await findWallet(trx, id);
  if (!row) throw new Error(`Кошелёк ${id} пропал внутри своей транзакции`);
  return row;
}

/**
 * POST /admin/wallets: a user's wallet, or with allow_site_wallets the company's, at balance 0
 * (a balance changes only by confirmed movements), with its creation in the history.
 */
export async function createWallet(
  trx: Db,
  viewer: ScopeViewer,
  body: CreateWalletBody,
): Promise<WalletDetailJson> {
  const errors = new FieldErrors();
  if (body.type === 'site' && !seesSiteWallets(viewer)) {
    errors.add('type', WALLET_MESSAGES.siteForbidden);
  }
  const name = checkedName(body.name, errors);
  const userId = await checkedOwner(trx, viewer, body.type, body.user_id, errors);
  if (body.type === 'user' && body.kind !== undefined) {
    errors.add('kind', WALLET_MESSAGES.kindOnlySite);
  }
  errors.throwIfAny();

  const id = await insertWallet(trx, {
    type: body.type,
    kind: body.type === 'site' ? (body.kind ?? 'cash') : null,
    user_id: userId,
    name,
    currency: body.currency,
  });
  const after = await reread(trx, id);
  await recordChanges(trx, [
    {
      record: walletRecord(id),
      entity: walletRecord(id),
      action: 'created',
      changes: changedFields(null, after, HISTORY_FIELDS),
      userId: viewer.id,
    },
  ]);
  return walletDetailJson(after);
}

/**
 * PUT /admin/wallet/:id: its name, owner and currency; the type never changes, and the currency
 * only while the wallet has no operation at all (its own or a transfer it receives, in any
 * status). The wallet's row stays locked from the check to the commit: a movement is recorded
 * only under that lock (recordMovement), so none slips in between, and one recorded before
 * waits here and is then seen in the tally, or finds the new currency and is refused.
 */
export async function changeWallet(
  trx: Db,
  viewer: ScopeViewer,
  id: number,
  body: UpdateWalletBody,
): Promise<WalletDetailJson> {
  const locked = await lockWallet(trx, id);
  if (!locked || !(await canReadWallet(trx, viewer, locked))) throw notFound(WALLET_NOT_FOUND);
  const before = await reread(trx, id);

  const errors = new FieldErrors();
  if (body.type !== undefined && body.type !== locked.type) {
    errors.add('type', WALLET_MESSAGES.typeFixed);
  }
  const name = checkedName(body.name, errors);
  // An owner left out, or the same one, stays; another is checked as at creation.
  const keepsOwner =
    locked.type === 'user' && (body.user_id === undefined || body.user_id === locked.user_id);
  const userId = keepsOwner
    ? locked.user_id
    : await checkedOwner(trx, viewer, locked.type, body.user_id, errors);
  if (body.currency !== locked.currency && Number(locked.listed_transactions) > 0) {
    errors.add('currency', WALLET_MESSAGES.currencyFixed);
  }
  if (locked.type === 'user' && body.kind !== undefined) {
    errors.add('kind', WALLET_MESSAGES.kindOnlySite);
  }
  errors.throwIfAny();

  await updateWallet(trx, id, {
    user_id: userId,
    name,
    currency: body.currency,
    kind: locked.type === 'site' ? (body.kind ?? before.kind) : null,
  });
  const after = await reread(trx, id);
  await recordChanges(trx, [
    {
      record: walletRecord(id),
      entity: walletRecord(id),
      action: 'updated',
      changes: changedFields(before, after, HISTORY_FIELDS),
      userId: viewer.id,
    },
  ]);
  return walletDetailJson(after);
}
