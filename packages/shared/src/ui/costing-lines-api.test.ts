import { waitFor } from '@testing-library/react';
import { api, cacheTags, type TripCostingLines } from '@tour/shared';
import { fakeApi, installFakeApi, makeTestStore } from '@tour/shared/testing';
import { tripCostingLinesApi } from './costing-lines-api';

installFakeApi();

const LINES: TripCostingLines = {
  costing: {
    id: 3,
    version: 1,
    title: 'Лето',
    currency: 'usd',
    rate_date: '2026-11-22',
    applied: false,
    applied_group_size: null,
    occupancy: 'double',
  },
  group_size: 1,
  currency: 'usd',
  lines: [],
};

describe('a trip’s costing lines', () => {
  it('are read once, and again when the trip changes (a booking saved, a price applied)', async () => {
    fakeApi.ok('GET /admin/trip/5/costing-lines', LINES);
    const store = makeTestStore();
    const query = store.dispatch(tripCostingLinesApi.endpoints.sharedTripCostingLines.initiate(5));
    expect((await query).data).toEqual(LINES);
    store.dispatch(api.util.invalidateTags([cacheTags.trip(5)]));
    await waitFor(() =>
      expect(fakeApi.requests('GET /admin/trip/5/costing-lines')).toHaveLength(2),
    );
    query.unsubscribe();
  });

  it('are none when the server answers otherwise', async () => {
    fakeApi.on('GET /admin/trip/6/costing-lines', { status: 200, data: { code: 0, data: null } });
    const store = makeTestStore();
    const query = store.dispatch(tripCostingLinesApi.endpoints.sharedTripCostingLines.initiate(6));
    expect((await query).data).toEqual({
      costing: null,
      group_size: 1,
      currency: 'usd',
      lines: [],
    });
    query.unsubscribe();
  });
});
