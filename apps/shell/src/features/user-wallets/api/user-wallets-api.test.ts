import { waitFor } from '@testing-library/react';
import { api, cacheTags } from '@tour/shared';
import { makeStore } from '../../../app/store';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorBodyOf, userWalletsApi } from './user-wallets-api';

describe('errorBodyOf', () => {
  it('reads a JSON error that arrived as a Blob', async () => {
    const body = { code: 0, errors: { fileName: ['Обязательное поле'] } };
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    await expect(errorBodyOf(blob)).resolves.toEqual(body);
  });

  it('gives null for a Blob that is not JSON, and other bodies as they are', async () => {
    await expect(errorBodyOf(new Blob(['<html>']))).resolves.toBeNull();
    await expect(errorBodyOf({ code: 0 })).resolves.toEqual({ code: 0 });
    await expect(errorBodyOf(undefined)).resolves.toBeNull();
  });
});

describe('a payment', () => {
  // Views of other sections (accounting's wallet pages, own balance) cache the same wallets under
  // the shared tags: a probe endpoint stands in for them here.
  const probeApi = api.injectEndpoints({
    endpoints: (build) => ({
      testProbeOperations: build.query<unknown, number>({
        query: (walletId) => `/probe/operations/${walletId}`,
        providesTags: (_data, _error, walletId) => [cacheTags.walletOperations(walletId)],
      }),
      testProbeOwnWallets: build.query<unknown, void>({
        query: () => '/probe/own-wallets',
        providesTags: [cacheTags.ownWallets],
      }),
    }),
  });

  let fake: FakeApi;
  afterEach(() => fake?.restore());

  it("makes every cached view of the wallet and of the payer's wallets stale", async () => {
    const operation = { id: 90, wallet_id: 3, target_wallet_id: null };
    fake = installFakeApi({
      'GET /probe/operations/3': { status: 200, body: { code: 1 } },
      'GET /probe/operations/4': { status: 200, body: { code: 1 } },
      'GET /probe/own-wallets': { status: 200, body: { code: 1 } },
      'POST /admin/user/2/payments': { status: 200, body: { code: 1, data: operation } },
    });
    const store = makeStore();
    const subscriptions = [
      store.dispatch(probeApi.endpoints.testProbeOperations.initiate(3)),
      store.dispatch(probeApi.endpoints.testProbeOperations.initiate(4)),
      store.dispatch(probeApi.endpoints.testProbeOwnWallets.initiate()),
    ];
    await Promise.all(subscriptions);

    await store
      .dispatch(
        userWalletsApi.endpoints.shellUserWalletsAddPayment.initiate({
          userId: 2,
          idempotencyKey: 'k-1',
          wallet_id: 3,
          amount: '10',
        }),
      )
      .unwrap();

    await waitFor(() => expect(fake.callsTo('GET /probe/operations/3')).toHaveLength(2));
    await waitFor(() => expect(fake.callsTo('GET /probe/own-wallets')).toHaveLength(2));
    expect(fake.callsTo('GET /probe/operations/4')).toHaveLength(1);
    subscriptions.forEach((subscription) => subscription.unsubscribe());
  });

  it('makes nothing stale when it is refused', async () => {
    fake = installFakeApi({
      'GET /probe/operations/3': { status: 200, body: { code: 1 } },
      'POST /admin/user/2/payments': {
        status: 422,
        body: { code: 0, message: 'Проверьте', errors: { amount: ['Обязательное поле'] } },
      },
    });
    const store = makeStore();
    const subscription = store.dispatch(probeApi.endpoints.testProbeOperations.initiate(3));
    await subscription;
    await store.dispatch(
      userWalletsApi.endpoints.shellUserWalletsAddPayment.initiate({
        userId: 2,
        idempotencyKey: 'k-2',
        wallet_id: 3,
        amount: '',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.callsTo('GET /probe/operations/3')).toHaveLength(1);
    subscription.unsubscribe();
  });
});
