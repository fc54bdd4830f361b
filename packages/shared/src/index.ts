// The main public entry of @tour/shared. Apps import from '@tour/shared' and, for the UI kit
// (antd's components, page frames), from '@tour/shared/ui' (src/ui/index.ts); nothing deeper.
export * from './money/currency';
export * from './money/conversion';
export * from './money/rates-client';
export * from './money/transaction-types';
export * from './money/amount-input';
export * from './dates/dates';
export * from './numbers/positive-integer';
export * from './permissions/can';
export * from './permissions/roles';
export * from './permissions/can-react';
export * from './routes/routes';
export * from './http/client';
export * from './http/envelope';
export * from './http/api';
export * from './http/tags';
export * from './http/idempotency-key';
export * from './http/server-errors';
export * from './events/balance-updated';
export * from './events/server-events';
export * from './events/widgets-reinit';
export * from './contract/types';
export * from './contract/remotes';
export * from './hooks/use-debounced-value';
export * from './store/root-reducer';
export * from './trips/trips';
export * from './booking/kinds';
