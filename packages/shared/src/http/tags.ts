// The cache tags of the one API slice, named once for every app. A query provides the tags of what
// it shows; a mutation invalidates the tags of what it changed. Tag invalidation works across the
// whole slice, so a view cached by any app (shell or remote) is fresh the next time it shows: an
// invalidated entry with a subscriber refetches at once, one without is dropped and loads anew.

import type { API_TAG_TYPES } from './api';

/** A tag of the one slice. */
export interface CacheTag {
  type: (typeof API_TAG_TYPES)[number];
  id: string | number;
}

const LIST = 'LIST';

/** What the tags below need of a wallet. */
export interface TaggedWallet {
  id: number;
  user_id: number | null;
}

export const cacheTags = {
  /** One user's record (a form, a summary, the signed-in user). */
  user: (id: number): CacheTag => ({ type: 'User', id }),
  /** The signed-in user's roles and permissions. */
  sessionPermissions: { type: 'Permissions', id: 'SESSION' } as CacheTag,
  /** Every list or search of users. */
  userLists: { type: 'Users', id: LIST } as CacheTag,
  /** One wallet (its balance, name, owner). */
  wallet: (id: number): CacheTag => ({ type: 'Wallet', id }),
  /** The operations of one wallet, sent or received. */
  walletOperations: (walletId: number): CacheTag => ({ type: 'Transactions', id: walletId }),
  /** Whatever shows the wallets of one owner (the user's wallets view, a list holding them). */
  walletsOfOwner: (userId: number): CacheTag => ({ type: 'Wallets', id: `owner-${userId}` }),
  /** Every list of operations across wallets (the waitings, all operations, their totals). */
  operationLists: { type: 'Transactions', id: LIST } as CacheTag,
  /** Every list of wallets (a new wallet may belong in any of them). */
  walletLists: { type: 'Wallets', id: LIST } as CacheTag,
  /** The signed-in user's own wallets (SPEC.md 4: balance-updated reloads them). */
  ownWallets: { type: 'Wallets', id: 'OWN' } as CacheTag,
  /** One trip: its record, participants and summary (their money too). */
  trip: (id: number): CacheTag => ({ type: 'Trip', id }),
  /** Every list or search of trips (seats and debts included). */
  tripLists: { type: 'Trips', id: LIST } as CacheTag,
  /** One prepared tour. */
  tour: (id: number): CacheTag => ({ type: 'Tour', id }),
  /** Every list of prepared tours. */
  tourLists: { type: 'Tours', id: LIST } as CacheTag,
  /** One request. */
  ticket: (id: number): CacheTag => ({ type: 'Ticket', id }),
  /** Every list of requests and the tabs' counts. */
  ticketLists: { type: 'Tickets', id: LIST } as CacheTag,
  /** The "История" of one record (`trip`, `prepared_tour`, `request`, …). */
  history: (record: string, id: number): CacheTag => ({ type: 'History', id: `${record}-${id}` }),
  /** Every view of currency rates: a day saved changes the rates of the days after it too. */
  rates: { type: 'Rates', id: LIST } as CacheTag,
  /** The signed-in user's own sessions («Мои сеансы»). */
  ownSessions: { type: 'Sessions', id: 'OWN' } as CacheTag,
  /** The company's requisites and logo (DESIGN.md 9). */
  company: { type: 'Company', id: 'REQUISITES' } as CacheTag,
  /** The outbox's list of messages (issue 32). */
  outboxMessages: { type: 'Outbox', id: LIST } as CacheTag,
  /** The outbox's kinds with their switches and days. */
  outboxKinds: { type: 'Outbox', id: 'KINDS' } as CacheTag,
  /** The saved costing versions of one prepared tour, trip or request (issue 33). */
  costings: (subject: 'prepared_tour' | 'trip' | 'request', id: number): CacheTag => ({
    type: 'Costings',
    id: `${subject}-${id}`,
  }),
} as const;

/** The tags a list of wallets provides: each wallet and each owner it shows. */
export function walletListTags(wallets: readonly TaggedWallet[] | undefined): CacheTag[] {
  const list = wallets ?? [];
  const owners = new Set(
    list.flatMap((wallet) => (wallet.user_id === null ? [] : [wallet.user_id])),
  );
  return [
    ...list.map((wallet) => cacheTags.wallet(wallet.id)),
    ...[...owners].map(cacheTags.walletsOfOwner),
  ];
}

/** What a recorded money movement changes. */
export interface MovementChange {
  /** The wallets it moves money out of or into (null entries are ignored). */
  walletIds: readonly (number | null | undefined)[];
  /** The owners of those wallets, when known (a payment names its user). */
  ownerIds?: readonly (number | null | undefined)[];
}

/**
 * The tags a money movement invalidates: the wallets it touches with their operations, their
 * owners' views, the wallet lists and own wallets (it may have opened a wallet), and the lists of
 * operations across wallets.
 */
export function movementTags({ walletIds, ownerIds = [] }: MovementChange): CacheTag[] {
  const wallets = [...new Set(walletIds.filter((id): id is number => typeof id === 'number'))];
  const owners = [...new Set(ownerIds.filter((id): id is number => typeof id === 'number'))];
  return [
    ...wallets.flatMap((id) => [cacheTags.wallet(id), cacheTags.walletOperations(id)]),
    ...owners.map(cacheTags.walletsOfOwner),
    cacheTags.walletLists,
    cacheTags.ownWallets,
    cacheTags.operationLists,
  ];
}

/**
 * The tags a saved user invalidates: its record (the signed-in user's too, when it is the one),
 * the user lists, and the views that show its name beside its wallets.
 */
export function userSavedTags(userId: number): CacheTag[] {
  return [
    cacheTags.user(userId),
    cacheTags.userLists,
    cacheTags.walletsOfOwner(userId),
    cacheTags.history('user', userId),
  ];
}
