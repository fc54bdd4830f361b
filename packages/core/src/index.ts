// @tour/core: what runs anywhere, in the browser and in the API alike (no React, no browser
// API, no HTTP client): money and rates, dates, limits, permissions and roles, company
// requisites, the contract's types, trips, bookings and report figures. @tour/shared re-exports
// all of it for the front ends; the API imports it alone.
export * from './money/currency';
export * from './money/conversion';
export * from './money/split';
export * from './money/rates-client';
export * from './money/transaction-types';
export * from './money/amount-input';
export * from './money/operation-links';
export * from './dates/dates';
export * from './numbers/positive-integer';
export * from './numbers/limits';
export * from './contacts/phone';
export * from './company/requisites';
export * from './text/plural';
export * from './colors/palette';
export * from './permissions/can';
export * from './permissions/roles';
export * from './http/content-disposition';
export * from './http/idempotency-key';
export * from './contract/types';
export * from './contract/report-types';
export * from './contract/booking-types';
export * from './contract/accounting-types';
export * from './contract/client-types';
export * from './contract/invoice-types';
export * from './contract/quote-types';
export * from './trips/trips';
export * from './booking/kinds';
export * from './booking/bookings';
export * from './pricing/prices';
export * from './pricing/costing';
export * from './reports/figures';
export * from './messages/outbox';
