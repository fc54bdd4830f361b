import type { Transaction } from '@tour/shared';

/** A pending income of $300 into wallet 3, made by a manager; the fields a test names override. */
export function operation(overrides: Partial<Transaction>): Transaction {
  return {
    id: 1,
    wallet_id: 3,
    type: 'income',
    amount: 300,
    currency: 'usd',
    status: 'pending',
    target_wallet_id: null,
    target_amount: null,
    target_currency: null,
    rate: null,
    trip_id: null,
    participant_id: null,
    booking_id: null,
    category: null,
    comment: null,
    created_by: 2,
    confirmed_by: null,
    created_at: '2026-11-01T09:15:00',
    confirmed_at: null,
    reverses_id: null,
    reversed_by_id: null,
    rejection_reason: null,
    rate_date: null,
    wallet_name: 'Мой USD',
    target_wallet_name: null,
    created_by_name: 'Менеджер Ольга',
    confirmed_by_name: null,
    wallet_owner_name: null,
    target_wallet_owner_name: null,
    trip: null,
    participant: null,
    booking: null,
    overpayment: false,
    ...overrides,
  };
}

/** The row of the table that holds this text. */
export const rowOf = (cell: HTMLElement) => cell.closest('tr') as HTMLElement;

/** An element's text as it is: the text matchers turn no-break spaces into plain ones. */
export const textOf = (element: HTMLElement) => element.textContent ?? '';

export const NBSP = '\u00a0';
