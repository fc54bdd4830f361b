/** Name of the window event sent after any change of a balance (SPEC.md 4). */
export const BALANCE_UPDATED = 'balance-updated';

/** What changed: the wallets touched and, when known, their owner. Both optional. */
export interface BalanceUpdatedDetail {
  walletIds?: number[];
  userId?: number;
}

declare global {
  interface WindowEventMap {
    [BALANCE_UPDATED]: CustomEvent<BalanceUpdatedDetail>;
  }
}

/** Announces a balance change to every section (one window event across all micro-frontends). */
export function emitBalanceUpdated(detail: BalanceUpdatedDetail = {}): void {
  window.dispatchEvent(new CustomEvent<BalanceUpdatedDetail>(BALANCE_UPDATED, { detail }));
}

/** Calls `handler` on every balance change until the returned function is called. */
export function onBalanceUpdated(handler: (detail: BalanceUpdatedDetail) => void): () => void {
  const listener = (event: CustomEvent<BalanceUpdatedDetail>) => handler(event.detail ?? {});
  window.addEventListener(BALANCE_UPDATED, listener);
  return () => window.removeEventListener(BALANCE_UPDATED, listener);
}
