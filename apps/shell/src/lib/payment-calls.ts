import {
  api,
  cacheTags,
  movementTags,
  transformCode1,
  type Currency,
  type PaymentWallet,
  type Transaction,
  type UserPaymentBody,
} from '@tour/shared';

// The calls of a trip participant's payment, once for the whole shell: the trip summary and the
// user card take the same payment (DESIGN.md 3b), so they share its form and these endpoints.

export type { PaymentWallet };

/**
 * POST /admin/trip/:id/participant/:participantId/payments: the payment (a company wallet or a
 * currency, the amount as typed, a comment, the overpayment confirmed), with the tourist (its
 * views show the trip's money) and the Idempotency-Key (one per opening of the form, kept across
 * its retries).
 */
export type ParticipantPaymentArgs = UserPaymentBody & {
  tripId: number;
  participantId: number;
  userId: number;
  idempotencyKey: string;
};

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
