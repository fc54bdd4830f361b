import {
  api,
  cacheTags,
  emitBalanceUpdated,
  emptyPage,
  movementTags,
  RATES_DATE_HEADER,
  ratesKey,
  statusOf,
  transformCode1,
  type CacheTag,
  type Participant,
  type Rates,
  type RatesByDate,
  type Transaction,
  type Wallet,
  type BulkRejectBody,
  type MovementBody,
  type OperationFilters,
  type OperationsCurrencyTotal,
  type ReasonBody,
  type WaitingFilters as ApiWaitingFilters,
  type WaitingsConfirmBody,
  type BulkResult,
  type CategoryMonthTotal,
  type LedgerSettings,
  type OperationCategory,
  type OperationsPage,
  type WaitingCounts,
  type WaitingsPage,
} from '@tour/shared';

export type {
  BulkResult,
  CategoryMonthTotal,
  LedgerSettings,
  OperationCategory,
  OperationFilters,
  OperationsPage,
  WaitingCounts,
  WaitingsPage,
};

/** The confirmation queue's orders: oldest first (the default), newest, by amount within each currency. */
export const WAITING_SORTS = ['oldest', 'newest', 'amount_desc', 'amount_asc'] as const;
export type WaitingSort = (typeof WAITING_SORTS)[number];

/**
 * The confirmation queue's filters as the screen keeps them (in the URL): the API's, with the
 * amount bounds as typed decimal strings, exact, as a query string carries them.
 */
export type WaitingFilters = Omit<ApiWaitingFilters, 'amount_from' | 'amount_to'> & {
  amount_from?: string;
  amount_to?: string;
};

/**
 * The filters as a JSON body takes them (the bulk confirmation): the amount bounds as numbers; a
 * body is not coerced, so a decimal string there would be refused.
 */
export function waitingFiltersBody({
  amount_from: from,
  amount_to: to,
  ...rest
}: WaitingFilters): ApiWaitingFilters {
  return {
    ...rest,
    ...(from === undefined ? {} : { amount_from: Number(from) }),
    ...(to === undefined ? {} : { amount_to: Number(to) }),
  };
}

/** GET /admin/balance/waitings: a page of what the filters find, in the order asked. */
export type WaitingsArgs = WaitingFilters & { page: number; sort?: WaitingSort };

/** POST /admin/balance/waitings/confirm: the filters and how many operations the person saw. */
export type ConfirmWaitingsArgs = WaitingsConfirmBody;

/** At most this many operations are confirmed by one filter (the server refuses more). */
export const WAITINGS_CONFIRM_MAX = 500;

export type OperationsArgs = OperationFilters & { page: number };

/** The server's totals of every operation the filters find, one row per currency. */
export type CurrencyTotal = OperationsCurrencyTotal;

/** A wallet as GET /admin/wallets returns it (the owner's name for a user's wallet). */
export type WalletOption = Wallet;

export type ReasonArgs = ReasonBody & { id: number };

export type BulkRejectArgs = BulkRejectBody;

/** POST /admin/balance/movements, with its Idempotency-Key (one per filled form, kept across retries). */
export type MovementArgs = MovementBody & { idempotencyKey: string };

/** The rates a transfer of a day converts at, and the day they are of (the server's X-Rates-Date). */
export interface ConversionRates {
  rates: Rates;
  day: string | null;
}

const NO_CATEGORIES: OperationCategory[] = [];
/** The administrative operations' categories (a new one joins every picker). */
const CATEGORIES_TAG = { type: 'Transactions', id: 'CATEGORIES' } as const;
/** The ledger's settings (four eyes). */
const SETTINGS_TAG = { type: 'Transactions', id: 'SETTINGS' } as const;
const NO_RESULTS: BulkResult[] = [];
const NO_RATES: RatesByDate = {};

function emptyOperationsPage(): OperationsPage {
  return { ...emptyPage<Transaction>(), totals: [] };
}

function emptyWaitingsPage(): WaitingsPage {
  return {
    ...emptyOperationsPage(),
    counts: {
      type: { income: 0, outcome: 0, transfer: 0 },
      currency: { kgs: 0, usd: 0, eur: 0, jpy: 0 },
      author: [],
      wallet: [],
      overpayment: 0,
    },
  };
}

/** The wallets an operation moves money of or into. */
const walletsOf = (operations: readonly (Transaction | null | undefined)[]) =>
  operations.flatMap((operation) =>
    operation ? [operation.wallet_id, operation.target_wallet_id] : [],
  );

const knownIds = (ids: readonly (number | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is number => typeof id === 'number')),
];

/** A list of operations: the lists' tag, and each wallet's operations it shows. */
function operationListTags(operations: readonly Transaction[] | undefined): CacheTag[] {
  return [
    cacheTags.operationLists,
    ...knownIds(walletsOf(operations ?? [])).map(cacheTags.walletOperations),
  ];
}

/**
 * What a resolved (or newly recorded) operation changes: its wallets, their operations, every
 * wallet list, the own wallets and every list of operations. A call that failed with 409 met an
 * operation someone else resolved: the lists showing it are stale.
 */
function changedBy(operations: readonly (Transaction | null | undefined)[], error?: unknown) {
  if (error) return statusOf(error) === 409 ? [cacheTags.operationLists] : [];
  return movementTags({ walletIds: walletsOf(operations) });
}

/** Tells every section of a balance change once the call has answered with operations. */
async function announce(answer: Promise<{ data: readonly (Transaction | null | undefined)[] }>) {
  try {
    const { data } = await answer;
    const walletIds = knownIds(walletsOf(data));
    if (walletIds.length > 0) emitBalanceUpdated({ walletIds });
  } catch {
    // nothing changed that the caller does not show itself
  }
}

const one = (answer: Promise<{ data: Transaction | null }>) =>
  answer.then(({ data }) => ({ data: [data] }));
const succeeded = (answer: Promise<{ data: BulkResult[] }>) =>
  answer.then(({ data }) => ({ data: data.filter((row) => row.ok).map((row) => row.operation) }));

// Names carry the section's and the feature's prefix: every app injects into the one slice, and
// RTK Query keeps the first definition of a name, silently, when another picks the same one.
export const operationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountingOperationsWaitings: build.query<WaitingsPage, WaitingsArgs>({
      query: (args) => ({ url: '/admin/balance/waitings', params: args }),
      // A page without its totals or counts (an older server) shows none rather than failing.
      transformResponse: (body: unknown) => ({
        ...emptyWaitingsPage(),
        ...transformCode1(emptyWaitingsPage())(body),
      }),
      providesTags: (result) => operationListTags(result?.data),
    }),
    accountingOperationsPage: build.query<OperationsPage, OperationsArgs>({
      query: (args) => ({ url: '/admin/balance/operations', params: args }),
      transformResponse: transformCode1(emptyOperationsPage()),
      providesTags: (result) => operationListTags(result?.data),
    }),
    /** A trip's participants (cancelled ones too), for a payment's «Турист». */
    accountingOperationsTripParticipants: build.query<Participant[], number>({
      query: (tripId) => `/admin/trip/${tripId}/participants`,
      transformResponse: transformCode1<Participant[]>([]),
    }),
    accountingOperationsCategories: build.query<OperationCategory[], void>({
      query: () => '/admin/balance/categories',
      transformResponse: transformCode1(NO_CATEGORIES),
      providesTags: [CATEGORIES_TAG],
    }),
    accountingOperationsAddCategory: build.mutation<OperationCategory | null, string>({
      query: (name) => ({ url: '/admin/balance/categories', method: 'POST', data: { name } }),
      transformResponse: transformCode1<OperationCategory | null>(null),
      invalidatesTags: (category) => (category ? [CATEGORIES_TAG] : []),
    }),
    accountingOperationsSettings: build.query<LedgerSettings | null, void>({
      query: () => '/admin/balance/settings',
      transformResponse: transformCode1<LedgerSettings | null>(null),
      providesTags: [SETTINGS_TAG],
    }),
    accountingOperationsSaveSettings: build.mutation<LedgerSettings | null, { four_eyes: boolean }>(
      {
        query: (body) => ({ url: '/admin/balance/settings', method: 'PUT', data: body }),
        transformResponse: transformCode1<LedgerSettings | null>(null),
        invalidatesTags: [SETTINGS_TAG],
      },
    ),
    accountingOperationsCategoryMonth: build.query<CategoryMonthTotal[], string>({
      query: (month) => ({ url: '/admin/balance/admin-summary', params: { month } }),
      transformResponse: transformCode1<CategoryMonthTotal[]>([]),
      providesTags: [cacheTags.operationLists],
    }),
    /** The rates of a day (YYYY-MM-DD): the latest day's on or before it; null when none. */
    accountingOperationsRates: build.query<ConversionRates | null, string>({
      query: (date) => ({ url: '/currency-rates', params: { date } }),
      transformResponse: (body: unknown, meta, date) => {
        const rates = transformCode1(NO_RATES)(body)[ratesKey(date)];
        if (!rates || Object.keys(rates).length === 0) return null;
        const day = meta?.headers[RATES_DATE_HEADER];
        return { rates, day: typeof day === 'string' && day !== '' ? day : null };
      },
      providesTags: [cacheTags.rates],
    }),
    accountingOperationsConfirm: build.mutation<Transaction | null, number>({
      query: (id) => ({ url: `/admin/balance/operations/${id}/confirm`, method: 'POST' }),
      transformResponse: transformCode1<Transaction | null>(null),
      invalidatesTags: (operation, error) => changedBy([operation], error),
      onQueryStarted: (_id, { queryFulfilled }) => announce(one(queryFulfilled)),
    }),
    accountingOperationsReject: build.mutation<Transaction | null, ReasonArgs>({
      query: ({ id, reason }) => ({
        url: `/admin/balance/operations/${id}/reject`,
        method: 'POST',
        data: { reason },
      }),
      transformResponse: transformCode1<Transaction | null>(null),
      invalidatesTags: (operation, error) => changedBy([operation], error),
      onQueryStarted: (_args, { queryFulfilled }) => announce(one(queryFulfilled)),
    }),
    /** Records the reversal (pending) of a confirmed operation; the answer is the reversal. */
    accountingOperationsReverse: build.mutation<Transaction | null, ReasonArgs>({
      query: ({ id, reason }) => ({
        url: `/admin/balance/operations/${id}/reverse`,
        method: 'POST',
        data: { reason },
      }),
      transformResponse: transformCode1<Transaction | null>(null),
      invalidatesTags: (reversal, error) => changedBy([reversal], error),
      onQueryStarted: (_args, { queryFulfilled }) => announce(one(queryFulfilled)),
    }),
    accountingOperationsConfirmMany: build.mutation<BulkResult[], number[]>({
      query: (ids) => ({ url: '/admin/balance/operations/confirm', method: 'POST', data: { ids } }),
      transformResponse: transformCode1(NO_RESULTS),
      // Whatever failed may have been resolved by someone else: the lists are refetched anyway.
      invalidatesTags: (results) => [
        cacheTags.operationLists,
        ...changedBy((results ?? []).filter((row) => row.ok).map((row) => row.operation)),
      ],
      onQueryStarted: (_ids, { queryFulfilled }) => announce(succeeded(queryFulfilled)),
    }),
    /**
     * Confirms every pending operation the filters find, if they are still as many as the person
     * saw (else 409, nothing confirmed: the lists are refetched either way).
     */
    accountingOperationsConfirmWaitings: build.mutation<BulkResult[], ConfirmWaitingsArgs>({
      query: (body) => ({ url: '/admin/balance/waitings/confirm', method: 'POST', data: body }),
      transformResponse: transformCode1(NO_RESULTS),
      invalidatesTags: (results) => [
        cacheTags.operationLists,
        ...changedBy((results ?? []).filter((row) => row.ok).map((row) => row.operation)),
      ],
      onQueryStarted: (_args, { queryFulfilled }) => announce(succeeded(queryFulfilled)),
    }),
    accountingOperationsRejectMany: build.mutation<BulkResult[], BulkRejectArgs>({
      query: (body) => ({ url: '/admin/balance/operations/reject', method: 'POST', data: body }),
      transformResponse: transformCode1(NO_RESULTS),
      invalidatesTags: (results) => [
        cacheTags.operationLists,
        ...changedBy((results ?? []).filter((row) => row.ok).map((row) => row.operation)),
      ],
      onQueryStarted: (_args, { queryFulfilled }) => announce(succeeded(queryFulfilled)),
    }),
    /** Records a movement (always pending until someone with confirm_payment confirms it). */
    accountingOperationsRecord: build.mutation<Transaction | null, MovementArgs>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/admin/balance/movements',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: transformCode1<Transaction | null>(null),
      invalidatesTags: (operation, error) => changedBy([operation], error),
      onQueryStarted: (_args, { queryFulfilled }) => announce(one(queryFulfilled)),
    }),
  }),
});

export const {
  useAccountingOperationsSettingsQuery,
  useAccountingOperationsSaveSettingsMutation,
  useAccountingOperationsAddCategoryMutation,
  useAccountingOperationsCategoryMonthQuery,
  useAccountingOperationsWaitingsQuery,
  useAccountingOperationsPageQuery,
  useAccountingOperationsCategoriesQuery,
  useAccountingOperationsTripParticipantsQuery,
  useAccountingOperationsRatesQuery,
  useAccountingOperationsConfirmMutation,
  useAccountingOperationsRejectMutation,
  useAccountingOperationsReverseMutation,
  useAccountingOperationsConfirmManyMutation,
  useAccountingOperationsConfirmWaitingsMutation,
  useAccountingOperationsRejectManyMutation,
  useAccountingOperationsRecordMutation,
} = operationsApi;
