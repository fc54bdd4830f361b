// Types only: this file must stay free of runtime code.
import type { Currency } from '../money/currency';
import type { TransactionStatus, TransactionType } from '../money/transaction-types';
import type { PermissionData } from '../permissions/can';
import type { Role } from '../permissions/roles';

/** A user (staff member, tourist or agent) as the API returns it; dates are YYYY-MM-DD. */
export interface User {
  id: number;
  full_name: string;
  email: string | null;
  phone: string | null;
  roles: Role[];
  birth_date: string | null;
  citizenship: string | null;
  passport_number: string | null;
  passport_issued_at: string | null;
  passport_expires_at: string | null;
  notes: string | null;
  /** The staff member responsible for this user. */
  manager_id: number | null;
  /** The agent (counterparty) who brought this user. */
  counterparty_id: number | null;
  created_at?: string;
  updated_at?: string;
}

/** A wallet: a user's or the company's (site) own, in one currency; balance in major units. */
export interface Wallet {
  id: number;
  type: 'user' | 'site';
  user_id: number | null;
  name: string;
  currency: Currency;
  balance: number;
  /** The owner's full name, where the API adds it (lists). */
  user_name?: string | null;
}

/**
 * A money movement of a wallet as the API sends it (in lists and alone); amounts in major units,
 * timestamps ISO 8601.
 */
export interface Transaction {
  id: number;
  wallet_id: number;
  type: TransactionType;
  amount: number;
  currency: Currency;
  status: TransactionStatus;
  target_wallet_id: number | null;
  /** A transfer's credited amount, in the target wallet's currency. */
  target_amount: number | null;
  /** The target wallet's currency (a transfer's). */
  target_currency: Currency | null;
  /** How many target units one unit of `currency` bought (a transfer across currencies). */
  rate: number | null;
  trip_id: number | null;
  /** The trip participant a payment or refund is for (DESIGN.md 3b). */
  participant_id?: number | null;
  booking_id: number | null;
  category: string | null;
  comment: string | null;
  created_by: number | null;
  confirmed_by: number | null;
  created_at: string;
  confirmed_at: string | null;
  /** The names behind the ids, for display. */
  wallet_name: string;
  target_wallet_name: string | null;
  created_by_name: string | null;
  /** Who confirmed or rejected it. */
  confirmed_by_name: string | null;
}

/** A page of a list in Laravel's paginator shape (`from`/`to` are null on an empty page). */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

/** Field name -> Russian messages, as the API reports validation failures. */
export type ValidationErrors = Record<string, string[]>;

/** The API's response envelope: `code` 1 means success and `data` holds the result. */
export interface ApiEnvelope<T> {
  code: number;
  data: T;
  message?: string;
  errors?: ValidationErrors;
}

/** The 422 body of a validation failure. */
export interface ValidationErrorBody {
  code: 0;
  message: string;
  errors: ValidationErrors;
}

/** The permission endpoint's answer: the lists, or 0 when signed out. */
export type PermissionDataResponse = PermissionData | 0;

/** The /roles data: role name -> Russian label. */
export type RoleLabelsResponse = Record<string, string>;

/** The body of a successful POST /login. */
export interface LoginResponse {
  user: User;
}
