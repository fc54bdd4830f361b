import {
  api,
  cacheTags,
  movementTags,
  transformCode1,
  type Currency,
  type Transaction,
} from '@tour/shared';

// The calls of a trip participant's payment, once for the whole shell: the trip summary and the
// user card take the same payment (DESIGN.md 3b), so they share its form and these endpoints.

/** A company wallet a participant's payment may arrive in (GET /admin/balance/payment-wallets). */
export interface PaymentWallet {
  id: number;
  name: string;
  currency: Currency;
  /** cash: a cash desk; bank: a bank account; null: not said. */
  kind: 'cash' | 'bank' | null;
}

/** POST /admin/trip/:id/participant/:participantId/payments. */
export interface ParticipantPaymentArgs {
  tripId: number;
  participantId: number;
  /** The tourist (its views show the trip's money). */
  userId: number;
  /** Sent as the Idempotency-Key header: one per opening of the form, kept across its retries. */
  idempotencyKey: string;
  /** The company wallet the money arrived in. */
  wallet_id?: number;
  currency: Currency;
  /** Major units as typed, a decimal string ("1500.50"). */
  amount: string;
  comment: string | null;
  /** The author confirms that the payment exceeds what the participant owes. */
  overpayment?: true;
}

export const paymentCallsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The cash desks and bank accounts of one currency, cash desks first: the first is the default. */
    shellPaymentWallets: build.query<PaymentWallet[], Currency>({
      query: (currency) => ({ url: '/admin/balance/payment-wallets', params: { currency } }),
      transformResponse: transformCode1<PaymentWallet[]>([]),
      providesTags: (wallets) => [
        cacheTags.walletLists,
        ...(wallets ?? []).map((wallet) => cacheTags.wallet(wallet.id)),
      ],
    }),
    /**
     * A participant's payment: a pending income into a company wallet, linked to the trip and the
     * participant. It changes the trip's money (its summary, the lists' debts, the user's trips)
     * and the wallet's operations.
     */
    shellParticipantPayment: build.mutation<Transaction | null, ParticipantPaymentArgs>({
      query: ({ tripId, participantId, userId: _userId, idempotencyKey, ...body }) => ({
        url: `/admin/trip/${tripId}/participant/${participantId}/payments`,
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: transformCode1<Transaction | null>(null),
      invalidatesTags: (operation, error, { tripId, userId }) =>
        error
          ? []
          : [
              cacheTags.trip(tripId),
              cacheTags.tripLists,
              ...movementTags({
                walletIds: [operation?.wallet_id, operation?.target_wallet_id],
                ownerIds: [userId],
              }),
            ],
    }),
  }),
});

export const { useShellPaymentWalletsQuery, useShellParticipantPaymentMutation } = paymentCallsApi;
