import type { Currency, Role } from '@tour/core';

// The demo data as plain values, built before anything touches the database, so it is
// deterministic for a seed and can be checked without one. Rows refer to each other by key.

export type StaffKey = 'developer' | 'admin' | 'sales' | 'reservations' | 'accountant' | 'phone';

/** The demo agents (role counterparty): each brings its own tourists and sends its own requests. */
export type AgentKey = 'agent' | 'agent2';

export interface PlannedUser {
  key: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  /** Signs in with the demo password. */
  signsIn: boolean;
  roles: Role[];
  birth_date: string | null;
  citizenship: string | null;
  passport_number: string | null;
  passport_issued_at: string | null;
  passport_expires_at: string | null;
  notes: string | null;
  managerKey: string | null;
  counterpartyKey: string | null;
  created_at: Date;
}

export interface PlannedRate {
  date: string;
  from_currency: Currency;
  to_currency: Currency;
  rate: string;
  createdByKey: StaffKey;
  updated_at: Date;
}

export interface PlannedWallet {
  key: string;
  type: 'user' | 'site';
  /** A company wallet's: cash desk or bank account (where payments arrive, DESIGN.md 3b). */
  kind: 'cash' | 'bank' | null;
  ownerKey: string | null;
  name: string;
  currency: Currency;
  /** Minor units: the sum of the wallet's confirmed movements. */
  balance: number;
  created_at: Date;
}

export type TransactionType = 'income' | 'outcome' | 'transfer';
export type TransactionStatus = 'pending' | 'confirmed' | 'rejected';

export interface PlannedTransaction {
  walletKey: string;
  type: TransactionType;
  amount: number;
  currency: Currency;
  status: TransactionStatus;
  targetWalletKey: string | null;
  targetCurrency: Currency | null;
  target_amount: number | null;
  rate: string | null;
  category: string | null;
  comment: string;
  createdByKey: StaffKey;
  confirmedByKey: StaffKey | null;
  created_at: Date;
  confirmed_at: Date | null;
}

export interface DemoPlan {
  users: PlannedUser[];
  rates: PlannedRate[];
  wallets: PlannedWallet[];
  /** In the order of created_at. */
  transactions: PlannedTransaction[];
}
