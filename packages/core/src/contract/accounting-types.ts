// The ledger's bodies as the API's schemas (./schemas/ledger.ts) define them: amounts in major
// units of each operation's own currency. Types only.
import type { Static } from '@sinclair/typebox';
import type * as ledger from './schemas/ledger';
import type * as rates from './schemas/rates';
import type * as wallets from './schemas/wallets';

/** The confirmation queue's filters, as the API names them (GET /admin/balance/waitings). */
export type WaitingFilters = Static<typeof ledger.WaitingFilters>;
export type WaitingsQuery = Static<typeof ledger.WaitingsQuery>;
/** How many pending operations each choice of a filter holds, given the other filters. */
export type WaitingCounts = Static<typeof ledger.WaitingCounts>;
/** POST /admin/balance/waitings/confirm: the filters and how many operations the person saw. */
export type WaitingsConfirmBody = Static<typeof ledger.WaitingsConfirmBody>;
/** The queue's page: the totals of every page of the filter (all pending) and the counts. */
export type WaitingsPage = Static<typeof ledger.WaitingsPage>;

/** The filters of GET /admin/balance/operations (and of its export), as the API names them. */
export type OperationFilters = Static<typeof ledger.OperationsExportQuery>;
export type OperationsQuery = Static<typeof ledger.OperationsQuery>;
/**
 * The server's totals of every operation the filters find, one row per currency: sums of the
 * confirmed ones, the pending ones apart, the rejected ones only counted (DESIGN.md 3b).
 */
export type OperationsCurrencyTotal = Static<typeof ledger.CurrencyTotal>;
export type OperationsPage = Static<typeof ledger.OperationsPage>;

/** One operation's answer in a bulk confirmation or rejection. */
export type BulkResult = Static<typeof ledger.BulkResult>;
export type BulkRejectBody = Static<typeof ledger.BulkRejectBody>;
export type ReasonBody = Static<typeof ledger.ReasonBody>;
/** POST /admin/balance/movements. */
export type MovementBody = Static<typeof ledger.MovementBody>;

/** A company wallet a trip payment may arrive in (GET /admin/balance/payment-wallets). */
export type PaymentWallet = Static<typeof ledger.PaymentWalletJson>;

/** The ledger's settings (GET /admin/balance/settings). */
export type LedgerSettings = Static<typeof ledger.LedgerSettingsJson>;
/** A category of administrative operations. */
export type OperationCategory = Static<typeof ledger.CategoryJson>;
/** A month's confirmed administrative operations of one category in one currency. */
export type CategoryMonthTotal = Static<typeof ledger.CategoryMonthTotal>;

/** One wallet as GET /admin/wallet/:id (and a save) answers it: `has_operations` fixes its currency. */
export type WalletDetail = Static<typeof wallets.WalletDetailJson>;
/** POST /admin/wallets. */
export type CreateWalletBody = Static<typeof wallets.CreateWalletBody>;
/** PUT /admin/wallet/:id: name, currency (while it has no operation) and the owner. */
export type UpdateWalletBody = Static<typeof wallets.UpdateWalletBody>;
/** GET /admin/wallet/:id/statement: the server's figures for a period and a page of its lines. */
export type WalletStatement = Static<typeof wallets.StatementJson>;
/** One confirmed movement of a statement, with its effect on the wallet and the balance after. */
export type StatementLine = WalletStatement['movements']['data'][number];
export type StatementQuery = Static<typeof wallets.StatementQuery>;
export type WalletPageQuery = Static<typeof wallets.WalletPageQuery>;
/** The page of a paged wallet read (GET /admin/transactions/:walletId). */
export type PageQuery = Static<typeof wallets.PageQuery>;

/** PUT /admin/currency-rates: a day's rates, each one `from` buying `rate` of `to`. */
export type SaveRatesBody = Static<typeof rates.SaveRatesBody>;
/** One rate as sent and as the history lists it: one `from` buys `rate` of `to`. */
export type RatePair = SaveRatesBody['rates'][number];
/** A day of the history: its rates, when they last changed and who changed them. */
export type RateHistoryDay = Static<typeof rates.RateHistoryDayJson>;
export type RateHistoryQuery = Static<typeof rates.RateHistoryQuery>;
/** What an import of a National Bank file saved. */
export type RateImport = Static<typeof rates.RateImportJson>;
