import {
  api,
  axiosBaseQuery,
  cacheTags,
  emitBalanceUpdated,
  movementTags,
  saveDownload,
  transformCode1,
  walletListTags,
  type AxiosQueryArgs,
  type AgreementBody,
  type AxiosQueryError,
  type DocumentOption,
  type DocumentOptions,
  type EmbassyDocumentBody,
  type Transaction,
  type UserPaymentBody,
  type UserTrip,
  type UserWalletsData,
  type Wallet,
} from '@tour/shared';

/** A wallet of the user as GET /admin/user/:id/wallets returns it. */
export type UserWallet = Wallet;

export type { DocumentOption, DocumentOptions, UserTrip, UserWalletsData };

/** POST /admin/user/:userId/payments, with the user and the Idempotency-Key (one per form). */
export type AddPaymentArgs = UserPaymentBody & { userId: number; idempotencyKey: string };

/** POST /admin/user/:userId/application-embassy, with the user. */
export type EmbassyDocumentArgs = EmbassyDocumentBody & { userId: number };

/** POST /admin/user/:userId/agreement; dates YYYY-MM-DD, price in major units. */
export type AgreementArgs = AgreementBody & { userId: number };

/** A saved download: the name the browser saved it under; false when there was no file. */
export type SavedDocument = { fileName: string } | false;

const NO_WALLETS: UserWalletsData = { wallets: [], transactions: [] };
const NO_OPTIONS: DocumentOptions = { embassyTypes: [], visaTypes: [] };

/**
 * The tags of a user's wallets view: the user's wallets (any change of its owner's), each wallet
 * shown and each one's operations (its latest operations are theirs).
 */
function userWalletsTags(userId: number, data: UserWalletsData | undefined) {
  const wallets = data?.wallets ?? [];
  return [
    cacheTags.walletsOfOwner(userId),
    ...walletListTags(wallets),
    ...wallets.map((wallet) => cacheTags.walletOperations(wallet.id)),
  ];
}

function textOf(blob: Blob): Promise<string> {
  // Blob.text() is in every supported browser; FileReader also serves older engines (and jsdom).
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsText(blob);
  });
}

/**
 * The body of a failed download: with responseType 'blob' even a 422's JSON arrives as a Blob,
 * read here as text and parsed (anything else, or unreadable text, gives null).
 */
export async function errorBodyOf(data: unknown): Promise<unknown> {
  if (!(data instanceof Blob)) return data ?? null;
  try {
    return JSON.parse(await textOf(data)) as unknown;
  } catch {
    return null;
  }
}

/** The slice's base query as a queryFn receives it (bound to the call). */
type DownloadBaseQuery = (args: AxiosQueryArgs) => ReturnType<ReturnType<typeof axiosBaseQuery>>;

/**
 * Posts for a document and saves it (SPEC.md 7: on status 200, under the server's file name);
 * data false for any other success status. Only the file's name reaches the store, never the Blob.
 */
async function download(
  baseQuery: DownloadBaseQuery,
  url: string,
  body: object,
  fallbackFileName: string,
): Promise<{ data: SavedDocument } | { error: AxiosQueryError }> {
  const result = await baseQuery({ url, method: 'POST', data: body, responseType: 'blob' });
  if (result.error) {
    return { error: { ...result.error, data: await errorBodyOf(result.error.data) } };
  }
  const saved = saveDownload(
    { status: result.meta?.status, data: result.data, headers: result.meta?.headers },
    fallbackFileName,
  );
  return { data: saved ? { fileName: saved.fileName } : false };
}

// Names carry the feature's prefix: every app injects into the one slice, and RTK Query keeps the
// first definition of a name, silently, when another picks the same one.
export const userWalletsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The user's wallets and latest operations. */
    shellUserWallets: build.query<UserWalletsData, number>({
      query: (userId) => `/admin/user/${userId}/wallets`,
      transformResponse: transformCode1(NO_WALLETS),
      providesTags: (data, _error, userId) => userWalletsTags(userId, data),
    }),
    /**
     * Records a payment (a pending income). It invalidates what the movement changed, so every
     * section's cached view of those wallets is fresh the next time it shows, and sends the shared
     * balance-updated event (SPEC.md 4), which reloads the signed-in user's own wallets.
     */
    shellUserWalletsAddPayment: build.mutation<Transaction | null, AddPaymentArgs>({
      query: ({ userId, idempotencyKey, ...body }) => ({
        url: `/admin/user/${userId}/payments`,
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: transformCode1<Transaction | null>(null),
      invalidatesTags: (operation, error, { userId }) =>
        error
          ? []
          : movementTags({
              walletIds: [operation?.wallet_id, operation?.target_wallet_id],
              ownerIds: [userId],
            }),
      async onQueryStarted({ userId }, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          emitBalanceUpdated({ userId, walletIds: data ? [data.wallet_id] : undefined });
        } catch {
          // nothing recorded that the caller can know of; the form shows why
        }
      },
    }),
    /**
     * The trips the user takes part in, latest first, with each participation's money: what the
     * card shows and what its payment may be for. A payment or any change of one of those trips
     * reloads it, and so does a new participation (the trip lists' tag).
     */
    shellUserTrips: build.query<UserTrip[], number>({
      query: (userId) => `/admin/user/${userId}/trips`,
      transformResponse: transformCode1<UserTrip[]>([]),
      providesTags: (trips) => [
        cacheTags.tripLists,
        ...(trips ?? []).map((trip) => cacheTags.trip(trip.trip_id)),
      ],
    }),
    /** The lists of the documents panel. */
    shellUserWalletsDocumentOptions: build.query<DocumentOptions, void>({
      query: () => '/admin/documents/options',
      transformResponse: transformCode1(NO_OPTIONS),
    }),
    /** Generates the embassy document and saves it; false when the answer is not a file. */
    shellUserWalletsEmbassyDocument: build.mutation<SavedDocument, EmbassyDocumentArgs>({
      queryFn: ({ userId, ...body }, _api, _extra, baseQuery) =>
        download(
          baseQuery as DownloadBaseQuery,
          `/admin/user/${userId}/application-embassy`,
          body,
          `${body.type}.docx`,
        ),
    }),
    /** Generates the agreement and saves it; false when the answer is not a file. */
    shellUserWalletsAgreement: build.mutation<SavedDocument, AgreementArgs>({
      queryFn: ({ userId, ...body }, _api, _extra, baseQuery) =>
        download(
          baseQuery as DownloadBaseQuery,
          `/admin/user/${userId}/agreement`,
          body,
          body.fileName,
        ),
    }),
  }),
});

export const {
  useShellUserWalletsQuery,
  useShellUserWalletsAddPaymentMutation,
  useShellUserTripsQuery,
  useShellUserWalletsDocumentOptionsQuery,
  useShellUserWalletsEmbassyDocumentMutation,
  useShellUserWalletsAgreementMutation,
} = userWalletsApi;
