import { configureStore } from '@reduxjs/toolkit';
import { api } from '../http/api';
import { onBalanceUpdated, type BalanceUpdatedDetail } from './balance-updated';
import { listenToServerEvents, SERVER_EVENTS_URL, type EventSourceClass } from './server-events';

/** A stand-in EventSource: records what was opened and lets the test deliver events. */
function fakeSource() {
  const opened: { url: string; init?: EventSourceInit; closed: boolean }[] = [];
  const listeners = new Map<string, (event: MessageEvent<string>) => void>();
  class Source {
    constructor(url: string, init?: EventSourceInit) {
      opened.push({ url, init, closed: false });
    }
    addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
      listeners.set(type, listener);
    }
    close() {
      opened[opened.length - 1]!.closed = true;
    }
  }
  const deliver = (type: string, data: string) =>
    listeners.get(type)?.({ data } as MessageEvent<string>);
  return { Source: Source as unknown as EventSourceClass, opened, deliver };
}

function store() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

describe('listenToServerEvents', () => {
  it('opens the API stream with the session cookie and closes it on stop', () => {
    const { Source, opened } = fakeSource();
    const stop = listenToServerEvents(store().dispatch, Source);
    expect(opened).toEqual([
      { url: SERVER_EVENTS_URL, init: { withCredentials: true }, closed: false },
    ]);
    stop();
    expect(opened[0]!.closed).toBe(true);
  });

  it('invalidates the named wallets’ views and announces balance-updated on the window', () => {
    const { Source, deliver } = fakeSource();
    const dispatch = jest.fn();
    const heard: BalanceUpdatedDetail[] = [];
    const unsubscribe = onBalanceUpdated((detail) => heard.push(detail));
    const stop = listenToServerEvents(dispatch, Source);
    deliver('balance-updated', JSON.stringify({ walletIds: [7, 9], userIds: [42] }));
    expect(heard).toEqual([{ walletIds: [7, 9] }]);
    const invalidated = dispatch.mock.calls[0]![0].payload as { type: string; id: unknown }[];
    expect(invalidated).toEqual(
      expect.arrayContaining([
        { type: 'Wallet', id: 7 },
        { type: 'Transactions', id: 9 },
        { type: 'Wallets', id: 'owner-42' },
        { type: 'Wallets', id: 'OWN' },
      ]),
    );
    // Garbage from the stream is ignored.
    deliver('balance-updated', 'not json');
    deliver('balance-updated', JSON.stringify({ walletIds: 'x' }));
    expect(dispatch).toHaveBeenCalledTimes(1);
    stop();
    unsubscribe();
  });

  it('does nothing where the browser has no EventSource', () => {
    const dispatch = jest.fn();
    const stop = listenToServerEvents(dispatch, undefined);
    stop();
    expect(dispatch).not.toHaveBeenCalled();
  });
});
