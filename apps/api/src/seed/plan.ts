import { addDays, localDate, localTime } from './calendar';
import {
  DEPOSIT_TOURISTS,
  planRates,
  planTransactions,
  RATE_DAYS,
  SITE_WALLETS,
  USER_WALLETS,
  type WalletSpec,
} from './money';
import { planUsers } from './people';
import { Dice, type RandomSource } from './random';
import type { DemoPlan, PlannedWallet } from './types';

export { DEMO_ACCOUNTS, DEMO_PHONE_LOGIN, type DemoAccount } from './accounts';
export { RATE_DAYS, transferTargetAmount } from './money';
export { AGENT2_TOURIST_COUNT, AGENT_TOURIST_COUNT, TOURIST_COUNT } from './people';
export type * from './types';

export interface PlanOptions {
  now: Date;
  random: RandomSource;
}

/** The whole demo data set for `now`, the same for the same random sequence. */
export function buildDemoPlan({ now, random }: PlanOptions): DemoPlan {
  const dice = new Dice(random);
  const nowMs = now.getTime();
  const today = localDate(nowMs);
  const users = planUsers({
    dice,
    today,
    now: nowMs,
    phones: new Set(),
    passports: new Set(),
    emails: new Set(),
  });
  const { rows: rates, byDate } = planRates(dice, today);

  const walletsCreated = new Date(localTime(addDays(today, -RATE_DAYS), 9, 0));
  const depositOwners = users
    .filter((user) => user.key.startsWith('tourist-') && user.managerKey !== null)
    .slice(0, DEPOSIT_TOURISTS);
  const specs: WalletSpec[] = [
    ...SITE_WALLETS,
    ...USER_WALLETS,
    ...depositOwners.map((user, i): WalletSpec => ({
      key: `deposit-${user.key}`,
      ownerKey: user.key,
      name: i % 2 === 0 ? 'Депозит (сом)' : 'Депозит USD',
      currency: i % 2 === 0 ? 'kgs' : 'usd',
    })),
  ];
  const wallets = specs.map((spec): PlannedWallet => ({
    key: spec.key,
    type: spec.ownerKey === null ? 'site' : 'user',
    kind: spec.ownerKey !== null ? null : spec.key.startsWith('cash-') ? 'cash' : 'bank',
    ownerKey: spec.ownerKey,
    name: spec.name,
    currency: spec.currency,
    balance: 0,
    created_at: walletsCreated,
  }));
  const transactions = planTransactions(dice, nowMs, today, wallets, users, byDate);
  return { users, rates, wallets, transactions };
}
