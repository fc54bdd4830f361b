import { BALANCE_UPDATED, emitBalanceUpdated, onBalanceUpdated } from './balance-updated';

describe('balance-updated', () => {
  it('is the window event named balance-updated', () => {
    expect(BALANCE_UPDATED).toBe('balance-updated');
    const seen: CustomEvent[] = [];
    const listener = (event: Event) => seen.push(event as CustomEvent);
    window.addEventListener('balance-updated', listener);
    emitBalanceUpdated({ walletIds: [1, 2], userId: 7 });
    window.removeEventListener('balance-updated', listener);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(CustomEvent);
    expect(seen[0]?.detail).toEqual({ walletIds: [1, 2], userId: 7 });
  });

  it('delivers the detail to subscribers, {} when none was given', () => {
    const handler = jest.fn();
    const stop = onBalanceUpdated(handler);
    emitBalanceUpdated({ walletIds: [3] });
    emitBalanceUpdated();
    stop();
    expect(handler.mock.calls).toEqual([[{ walletIds: [3] }], [{}]]);
  });

  it('gives {} for an event sent by hand without a detail', () => {
    const handler = jest.fn();
    const stop = onBalanceUpdated(handler);
    window.dispatchEvent(new CustomEvent('balance-updated'));
    stop();
    expect(handler).toHaveBeenCalledWith({});
  });

  it('stops after unsubscribing and keeps other subscribers', () => {
    const first = jest.fn();
    const second = jest.fn();
    const stopFirst = onBalanceUpdated(first);
    const stopSecond = onBalanceUpdated(second);
    stopFirst();
    emitBalanceUpdated({ userId: 1 });
    stopSecond();
    emitBalanceUpdated({ userId: 2 });
    expect(first).not.toHaveBeenCalled();
    expect(second.mock.calls).toEqual([[{ userId: 1 }]]);
  });
});
