import { can, fromMinorUnits, isCurrency, type Currency } from '@tour/shared';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { paged, sharedCount, type Paging } from '../../lib/paging';
import type { Viewer } from '../../plugins/session';
import {
  countWallets,
  findWallet,
  transactionPage,
  walletPage,
  type TransactionRecord,
  type WalletFilter,
  type WalletRecord,
  type WalletWithTally,
} from './repository';
import { DEFAULT_PER_PAGE, type TransactionJson, type WalletJson } from './schemas';

function currencyOf(value: string): Currency {
  if (!isCurrency(value)) throw new RangeError(`Неизвестная валюта в базе: ${value}`);
  return value;
}

export function walletJson(row: WalletRecord): WalletJson {
  const currency = currencyOf(row.currency);
  return {
    id: row.id,
    type: row.type,
    user_id: row.user_id,
    name: row.name,
    currency,
    balance: fromMinorUnits(row.balance, currency),
    user_name: row.user_name,
  };
}

export function transactionJson(row: TransactionRecord): TransactionJson {
  const currency = currencyOf(row.currency);
  const targetCurrency = row.target_currency === null ? null : currencyOf(row.target_currency);
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
    booking_id: row.booking_id,
    category: row.category,
    comment: row.comment,
    created_by: row.created_by,
    confirmed_by: row.confirmed_by,
    created_at: new Date(row.created_at).toISOString(),
    confirmed_at: row.confirmed_at === null ? null : new Date(row.confirmed_at).toISOString(),
    wallet_name: row.wallet_name,
    target_wallet_name: row.target_wallet_name,
    created_by_name: row.created_by_name,
    confirmed_by_name: row.confirmed_by_name,
  };
}

/** Site (company) wallets are seen only with allow_site_wallets. */
export const seesSiteWallets = (viewer: Viewer) => can('allow_site_wallets', viewer);

/**
 * Who reads a wallet and its transactions: its owner; accounting for a user wallet; accounting
 * with allow_site_wallets for a company wallet.
 */
export function canReadWallet(viewer: Viewer, wallet: WalletRecord): boolean {
  if (wallet.type === 'user' && wallet.user_id === viewer.id) return true;
  if (!can('accounting_section', viewer)) return false;
  return wallet.type === 'user' || seesSiteWallets(viewer);
}

/** The wallet if the viewer may read it; else 404, so that its existence is not revealed. */
export async function readableWallet(db: Db, viewer: Viewer, id: number): Promise<WalletWithTally> {
  const wallet = await findWallet(db, id);
  if (!wallet || !canReadWallet(viewer, wallet)) throw notFound('Кошелёк не найден');
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
