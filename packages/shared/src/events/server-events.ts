import type { Dispatch } from '@reduxjs/toolkit';
import { api } from '../http/api';
import { movementTags } from '../http/tags';
import { emitBalanceUpdated } from './balance-updated';

/** The API's stream of changes (GET /api/events, text/event-stream). */
export const SERVER_EVENTS_URL = '/api/events';

/** What a balance-updated event of the stream carries: wallets and their owners, no amounts. */
export interface ServerBalanceUpdated {
  walletIds: number[];
  userIds: number[];
}

/** The browser's EventSource, or a stand-in with its shape (tests). */
export type EventSourceClass = new (
  url: string,
  init?: EventSourceInit,
) => Pick<EventSource, 'addEventListener' | 'close'>;

/**
 * Listens to the server's changes made in any browser (SPEC.md 4 balance-updated): each event
 * invalidates the cached views of the wallets it names (their operations, their owners' views,
 * the lists) and is announced as the window's balance-updated event, as a change made on this
 * page is. The browser reconnects by itself after a network failure. Returns the stop function.
 */
export function listenToServerEvents(
  dispatch: Dispatch,
  Source: EventSourceClass | undefined = globalThis.EventSource,
): () => void {
  if (!Source) return () => {};
  const source = new Source(SERVER_EVENTS_URL, { withCredentials: true });
  source.addEventListener('balance-updated', (event) => {
    let detail: ServerBalanceUpdated;
    try {
      detail = JSON.parse((event as MessageEvent<string>).data) as ServerBalanceUpdated;
    } catch {
      return;
    }
    if (!Array.isArray(detail.walletIds) || !Array.isArray(detail.userIds)) return;
    dispatch(
      api.util.invalidateTags(
        movementTags({ walletIds: detail.walletIds, ownerIds: detail.userIds }),
      ),
    );
    emitBalanceUpdated({ walletIds: detail.walletIds });
  });
  return () => source.close();
}
