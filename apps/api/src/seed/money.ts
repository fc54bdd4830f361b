import {
  convertDecimal,
  findRate,
  fromMinorUnits,
  parseDecimal,
  toMinorUnits,
  type Currency,
  type Rates,
} from '@tour/core';
import { addDays, dateMs, DAY, localDate, localTime, MINUTE } from './calendar';
import { shortName } from './names';
import type { Dice } from './random';
import type {
  PlannedRate,
  PlannedTransaction,
  PlannedUser,
  PlannedWallet,
  StaffKey,
  TransactionStatus,
  TransactionType,
} from './types';

export const RATE_DAYS = 90;

const RATE_WALKS: readonly {
  from: Currency;
  start: number;
  min: number;
  max: number;
  step: number;
}[] = [
  { from: 'usd', start: 87.6, min: 87.3, max: 87.9, step: 0.06 },
  { from: 'eur', start: 95.0, min: 94.0, max: 96.0, step: 0.2 },
  { from: 'jpy', start: 0.58, min: 0.56, max: 0.6, step: 0.0025 },
];

export function planRates(
  dice: Dice,
  today: string,
): { rows: PlannedRate[]; byDate: Map<string, Rates> } {
  const rows: PlannedRate[] = [];
  const byDate = new Map<string, Rates>();
  const values = RATE_WALKS.map((walk) => walk.start);
  for (let day = RATE_DAYS - 1; day >= 0; day -= 1) {
    const date = addDays(today, -day);
    const rates: Rates = {};
    RATE_WALKS.forEach((walk, i) => {
      const drifted = (values[i] as number) + dice.float(-walk.step, walk.step);
      const value = Math.min(walk.max, Math.max(walk.min, drifted));
      values[i] = value;
      // Four decimals at most, no trailing zeros: '87.4512', '0.581'.
      const rate = String(Number(value.toFixed(4)));
      rates[walk.from] = { kgs: rate };
      rows.push({
        date,
        from_currency: walk.from,
        to_currency: 'kgs',
        rate,
        createdByKey: 'accountant',
        updated_at: new Date(localTime(date, 9, dice.int(0, 40), dice.int(0, 59))),
      });
    });
    byDate.set(date, rates);
  }
  return { rows, byDate };
}

export interface WalletSpec {
  key: string;
  ownerKey: string | null;
  name: string;
  currency: Currency;
  /** Opening balance in major units (site wallets). */
  opening?: number;
}

export const SITE_WALLETS: readonly WalletSpec[] = [
  { key: 'cash-kgs', ownerKey: null, name: 'Касса (сом)', currency: 'kgs', opening: 850_000 },
  { key: 'cash-usd', ownerKey: null, name: 'Касса USD', currency: 'usd', opening: 12_000 },
  { key: 'cash-eur', ownerKey: null, name: 'Касса EUR', currency: 'eur', opening: 3_000 },
  {
    key: 'bank-kgs',
    ownerKey: null,
    name: 'Расчетный счет (сом)',
    currency: 'kgs',
    opening: 2_400_000,
  },
  { key: 'bank-usd', ownerKey: null, name: 'Расчетный счет USD', currency: 'usd', opening: 48_000 },
  { key: 'bank-eur', ownerKey: null, name: 'Расчетный счет EUR', currency: 'eur', opening: 15_000 },
  {
    key: 'bank-jpy',
    ownerKey: null,
    name: 'Расчетный счет JPY',
    currency: 'jpy',
    opening: 3_500_000,
  },
];

export const USER_WALLETS: readonly WalletSpec[] = [
  { key: 'admin-kgs', ownerKey: 'admin', name: 'Подотчет (сом)', currency: 'kgs' },
  { key: 'admin-usd', ownerKey: 'admin', name: 'Подотчет USD', currency: 'usd' },
  { key: 'sales-kgs', ownerKey: 'sales', name: 'Наличные (сом)', currency: 'kgs' },
  { key: 'sales-usd', ownerKey: 'sales', name: 'Наличные USD', currency: 'usd' },
  { key: 'phone-kgs', ownerKey: 'phone', name: 'Наличные (сом)', currency: 'kgs' },
  { key: 'phone-usd', ownerKey: 'phone', name: 'Наличные USD', currency: 'usd' },
  { key: 'reservations-kgs', ownerKey: 'reservations', name: 'Подотчет (сом)', currency: 'kgs' },
  { key: 'reservations-jpy', ownerKey: 'reservations', name: 'Подотчет JPY', currency: 'jpy' },
  { key: 'accountant-kgs', ownerKey: 'accountant', name: 'Подотчет (сом)', currency: 'kgs' },
  { key: 'accountant-eur', ownerKey: 'accountant', name: 'Подотчет EUR', currency: 'eur' },
  { key: 'agent-usd', ownerKey: 'agent', name: 'Агентская комиссия USD', currency: 'usd' },
  { key: 'agent-kgs', ownerKey: 'agent', name: 'Агентская комиссия (сом)', currency: 'kgs' },
  { key: 'client-kgs', ownerKey: 'client', name: 'Депозит (сом)', currency: 'kgs' },
];

export const DEPOSIT_TOURISTS = 4;

const TOURS = [
  'Япония: Токио — Киото — Осака',
  'Сакура в Японии',
  'Осенний Киото',
  'Токио и Фудзи',
  'Хоккайдо зимой',
  'Южная Корея: Сеул — Пусан',
  'Турция: Стамбул — Каппадокия',
  'ОАЭ: Дубай',
  'Грузия: Тбилиси — Батуми',
  'Иссык-Куль: Чолпон-Ата',
  'Узбекистан: Самарканд — Бухара',
  'Таиланд: Пхукет',
  'Вьетнам: Нячанг',
  'Китай: Пекин — Шанхай',
];

// Where a service sold without a tour takes the client: as many as TOURS, so a pick of either
// takes the same draw. A payment for one of the demo trips is its participant's, linked to the
// trip (participant-payments.ts); these incomes are for nothing a trip holds.
const PLACES = [
  'Япония',
  'Токио',
  'Киото',
  'Осака',
  'Хоккайдо',
  'Сеул',
  'Стамбул',
  'Дубай',
  'Тбилиси',
  'Чолпон-Ата',
  'Ташкент',
  'Пхукет',
  'Нячанг',
  'Пекин',
];

const ADMIN_EXPENSES: readonly (readonly [string, string, number, number])[] = [
  ['Маркетинг', 'Реклама в Instagram', 8_000, 40_000],
  ['Маркетинг', 'Баннер на выставке туризма', 15_000, 60_000],
  ['Канцтовары', 'Бумага и картриджи', 1_500, 9_000],
  ['Хозяйственные расходы', 'Вода и чай для офиса', 800, 4_500],
  ['Хозяйственные расходы', 'Уборка офиса', 3_000, 8_000],
  ['Представительские расходы', 'Встреча с партнерами', 4_000, 25_000],
  ['Связь и интернет', 'Доплата за роуминг', 500, 3_000],
];

const MONTHS = [
  'январь',
  'февраль',
  'март',
  'апрель',
  'май',
  'июнь',
  'июль',
  'август',
  'сентябрь',
  'октябрь',
  'ноябрь',
  'декабрь',
];

interface Draft {
  wallet: string;
  type: TransactionType;
  amount: number;
  target?: string;
  comment: string;
  category?: string;
  createdBy: StaffKey;
}

interface Sim {
  dice: Dice;
  wallets: Map<string, PlannedWallet>;
  balances: Map<string, number>;
  tourists: PlannedUser[];
  agentTourists: PlannedUser[];
  depositWallets: string[];
}

type Scenario = (sim: Sim) => Draft | null;

const SCALE: Readonly<Record<Currency, number>> = { kgs: 1, jpy: 1, usd: 100, eur: 100 };

/** A random amount in minor units: a multiple of `step` major units, sometimes with cents. */
function amount(sim: Sim, currency: Currency, min: number, max: number, step: number): number {
  const whole = sim.dice.round(min, max, step) * SCALE[currency];
  const cents = SCALE[currency] > 1 && sim.dice.chance(0.15) ? sim.dice.int(1, 99) : 0;
  return whole + cents;
}

/** What can leave a wallet now: `desired` capped at `share` of the balance, or null if too little. */
function spend(
  sim: Sim,
  wallet: string,
  desired: number,
  options: { share?: number; step?: number; min?: number } = {},
): number | null {
  const currency = (sim.wallets.get(wallet) as PlannedWallet).currency;
  const step = (options.step ?? 1) * SCALE[currency];
  const available = Math.floor((sim.balances.get(wallet) ?? 0) * (options.share ?? 0.9));
  const capped = Math.min(desired, available);
  const result = capped === desired ? capped : Math.floor(capped / step) * step;
  return result >= (options.min ?? 1) * SCALE[currency] && result > 0 ? result : null;
}

function tourist(sim: Sim): string {
  return shortName(sim.dice.pick(sim.tourists).full_name);
}

const servicePayment: Scenario = (sim) => {
  const { dice } = sim;
  const wallet = dice.weighted([
    ['cash-kgs', 40],
    ['cash-usd', 25],
    ['bank-kgs', 20],
    ['bank-usd', 15],
  ]);
  const usd = wallet.endsWith('usd');
  const place = dice.pick(PLACES);
  const what = dice.weighted([
    [`Авиабилеты без тура, ${place}`, 4],
    [`Бронь отеля без тура, ${place}`, 4],
    [`Трансфер и экскурсия без тура, ${place}`, 2],
    ['Оплата визовой поддержки (Япония)', 1],
  ]);
  return {
    wallet,
    type: 'income',
    amount: usd ? amount(sim, 'usd', 300, 4_500, 10) : amount(sim, 'kgs', 15_000, 350_000, 500),
    comment: `${what}, ${tourist(sim)}`,
    createdBy: dice.weighted<StaffKey>([
      ['sales', 4],
      ['phone', 3],
      ['accountant', 2],
      ['admin', 1],
    ]),
  };
};

const managerCash: Scenario = (sim) => {
  const { dice } = sim;
  const owner = dice.pick<StaffKey>(['sales', 'phone']);
  const usd = dice.chance(0.4);
  return {
    wallet: `${owner}-${usd ? 'usd' : 'kgs'}`,
    type: 'income',
    amount: usd ? amount(sim, 'usd', 100, 2_000, 50) : amount(sim, 'kgs', 5_000, 120_000, 500),
    comment: `Наличными за авиабилеты без тура, ${dice.pick(PLACES)}, ${tourist(sim)}`,
    createdBy: owner,
  };
};

const handOver: Scenario = (sim) => {
  const { dice } = sim;
  const owner = dice.pick<StaffKey>(['sales', 'phone']);
  const currency = dice.pick<Currency>(['kgs', 'usd']);
  const wallet = `${owner}-${currency}`;
  const cross = currency === 'usd' && dice.chance(0.25);
  const value = spend(sim, wallet, Number.MAX_SAFE_INTEGER, { share: 1 });
  if (value === null) return null;
  return {
    wallet,
    type: 'transfer',
    amount: value,
    target: cross ? 'cash-kgs' : `cash-${currency}`,
    comment: cross ? 'Сдача долларов в кассу в сомах по курсу дня' : 'Сдача наличных в кассу',
    createdBy: owner,
  };
};

const collection: Scenario = (sim) => {
  const currency = sim.dice.weighted<Currency>([
    ['kgs', 2],
    ['usd', 1],
  ]);
  const wallet = `cash-${currency}`;
  const keep = currency === 'kgs' ? 150_000 : 2_000;
  const balance = sim.balances.get(wallet) ?? 0;
  const value = spend(sim, wallet, balance - keep * SCALE[currency], {
    step: currency === 'kgs' ? 1000 : 100,
    min: currency === 'kgs' ? 10_000 : 500,
  });
  if (value === null) return null;
  return {
    wallet,
    type: 'transfer',
    amount: value,
    target: `bank-${currency}`,
    comment: 'Инкассация: сдача выручки в банк',
    createdBy: 'accountant',
  };
};

const EXCHANGES: readonly (readonly [string, string, string, number])[] = [
  ['bank-kgs', 'bank-usd', 'Покупка долларов', 3],
  ['cash-usd', 'cash-kgs', 'Обмен долларов на сомы', 2],
  ['bank-usd', 'bank-jpy', 'Покупка иен для оплаты отелей в Японии', 3],
  ['bank-kgs', 'bank-jpy', 'Покупка иен для оплаты поставщиков', 2],
  ['bank-kgs', 'bank-eur', 'Покупка евро', 1],
  ['bank-usd', 'bank-kgs', 'Продажа долларов', 1],
  ['bank-eur', 'bank-usd', 'Конвертация евро в доллары', 1],
];

const STEP: Readonly<Record<Currency, number>> = { kgs: 1000, usd: 100, eur: 100, jpy: 10_000 };

// Currency is bought when it runs short, not piled up (major units).
const ENOUGH: Readonly<Record<string, number>> = {
  'bank-usd': 70_000,
  'bank-eur': 25_000,
  'bank-jpy': 5_000_000,
};

const exchange: Scenario = (sim) => {
  const { dice } = sim;
  const [from, to, comment] = dice.weighted(EXCHANGES.map((e) => [e, e[3]] as const));
  const currency = (sim.wallets.get(from) as PlannedWallet).currency;
  const targetCurrency = (sim.wallets.get(to) as PlannedWallet).currency;
  const enough = ENOUGH[to];
  if (enough !== undefined && (sim.balances.get(to) ?? 0) > enough * SCALE[targetCurrency]) {
    return null;
  }
  const step = STEP[currency] * SCALE[currency];
  const balance = sim.balances.get(from) ?? 0;
  const desired = Math.floor((balance * dice.float(0.15, 0.4)) / step) * step;
  const value = spend(sim, from, desired, { min: STEP[currency] });
  if (value === null) return null;
  return {
    wallet: from,
    type: 'transfer',
    amount: value,
    target: to,
    comment,
    createdBy: 'accountant',
  };
};

const adminExpense: Scenario = (sim) => {
  const { dice } = sim;
  const [category, comment, min, max] = dice.pick(ADMIN_EXPENSES);
  const wallet = dice.chance(0.5) ? 'cash-kgs' : 'bank-kgs';
  const value = spend(sim, wallet, amount(sim, 'kgs', min, max, 100));
  if (value === null) return null;
  return { wallet, type: 'outcome', amount: value, comment, category, createdBy: 'accountant' };
};

const ADVANCES: readonly (readonly [string, string, string, number, number, number])[] = [
  ['cash-kgs', 'reservations-kgs', 'Выдача под отчет: трансферы и экскурсии', 10_000, 60_000, 1000],
  ['bank-jpy', 'reservations-jpy', 'Выдача под отчет для группы в Японии', 50_000, 300_000, 10_000],
  ['cash-kgs', 'admin-kgs', 'Выдача под отчет: хозяйственные нужды', 5_000, 30_000, 1000],
  ['cash-usd', 'admin-usd', 'Выдача под отчет: командировка', 200, 1_500, 50],
  ['bank-eur', 'accountant-eur', 'Выдача под отчет: оплата в евро', 200, 1_200, 50],
  ['cash-kgs', 'accountant-kgs', 'Выдача под отчет: госпошлины', 2_000, 15_000, 500],
];

const advance: Scenario = (sim) => {
  const [from, to, comment, min, max, step] = sim.dice.pick(ADVANCES);
  const currency = (sim.wallets.get(from) as PlannedWallet).currency;
  const value = spend(sim, from, amount(sim, currency, min, max, step), { share: 0.5 });
  if (value === null) return null;
  return {
    wallet: from,
    type: 'transfer',
    amount: value,
    target: to,
    comment,
    createdBy: 'accountant',
  };
};

const ADVANCE_SPENDING: Readonly<Record<string, readonly string[]>> = {
  'reservations-kgs': ['Авансовый отчет: трансфер группы', 'Авансовый отчет: входные билеты'],
  'reservations-jpy': [
    'Авансовый отчет: входные билеты в храмы Киото',
    'Авансовый отчет: проезд группы',
    'Авансовый отчет: обед группы',
  ],
  'admin-kgs': ['Авансовый отчет: хозяйственные товары', 'Авансовый отчет: такси'],
  'admin-usd': ['Авансовый отчет: командировочные расходы'],
  'accountant-eur': ['Авансовый отчет: оплата бронирования'],
  'accountant-kgs': ['Авансовый отчет: госпошлина', 'Авансовый отчет: нотариус'],
};

const advanceSpending: Scenario = (sim) => {
  const wallet = sim.dice.pick(Object.keys(ADVANCE_SPENDING));
  const balance = sim.balances.get(wallet) ?? 0;
  const value = spend(sim, wallet, Math.floor(balance * sim.dice.float(0.2, 0.8)));
  if (value === null) return null;
  return {
    wallet,
    type: 'outcome',
    amount: value,
    comment: sim.dice.pick(ADVANCE_SPENDING[wallet] as readonly string[]),
    createdBy: 'accountant',
  };
};

const agentPayment: Scenario = (sim) => {
  const names = [sim.dice.pick(sim.agentTourists), sim.dice.pick(sim.agentTourists)].map((user) =>
    shortName(user.full_name),
  );
  return {
    wallet: 'bank-usd',
    type: 'income',
    amount: amount(sim, 'usd', 800, 9_000, 10),
    comment: `Оплата от агента «Ала-Тоо Трэвел» за туристов: ${[...new Set(names)].join(', ')}`,
    createdBy: 'accountant',
  };
};

const agentCommission: Scenario = (sim) => {
  const usd = sim.dice.chance(0.6);
  const who = shortName(sim.dice.pick(sim.agentTourists).full_name);
  return {
    wallet: usd ? 'agent-usd' : 'agent-kgs',
    type: 'income',
    amount: usd ? amount(sim, 'usd', 30, 400, 5) : amount(sim, 'kgs', 2_000, 25_000, 100),
    comment: `Агентская комиссия за тур «${sim.dice.pick(TOURS)}», ${who}`,
    createdBy: 'accountant',
  };
};

const agentPayout: Scenario = (sim) => {
  const wallet = sim.dice.chance(0.6) ? 'agent-usd' : 'agent-kgs';
  const value = spend(sim, wallet, Number.MAX_SAFE_INTEGER, { share: 1 });
  if (value === null) return null;
  return {
    wallet,
    type: 'outcome',
    amount: value,
    comment: 'Выплата агентской комиссии',
    createdBy: 'accountant',
  };
};

const deposit: Scenario = (sim) => {
  const wallet = sim.dice.pick(sim.depositWallets);
  const currency = (sim.wallets.get(wallet) as PlannedWallet).currency;
  return {
    wallet,
    type: 'income',
    amount:
      currency === 'usd'
        ? amount(sim, 'usd', 100, 1_500, 50)
        : amount(sim, 'kgs', 5_000, 80_000, 500),
    comment: 'Депозит на будущий тур',
    createdBy: sim.dice.pick<StaffKey>(['sales', 'phone']),
  };
};

const depositUse: Scenario = (sim) => {
  const wallet = sim.dice.pick(sim.depositWallets);
  const currency = (sim.wallets.get(wallet) as PlannedWallet).currency;
  const value = spend(sim, wallet, Number.MAX_SAFE_INTEGER, { share: 1 });
  if (value === null) return null;
  return {
    wallet,
    type: 'transfer',
    amount: value,
    target: currency === 'usd' && sim.dice.chance(0.5) ? 'cash-kgs' : `cash-${currency}`,
    comment: `Зачет депозита в оплату тура «${sim.dice.pick(TOURS)}»`,
    createdBy: 'accountant',
  };
};

const refund: Scenario = (sim) => {
  const usd = sim.dice.chance(0.4);
  const wallet = usd ? 'cash-usd' : 'cash-kgs';
  const desired = usd ? amount(sim, 'usd', 100, 1_500, 10) : amount(sim, 'kgs', 5_000, 90_000, 500);
  const value = spend(sim, wallet, desired, { share: 0.5 });
  if (value === null) return null;
  return {
    wallet,
    type: 'outcome',
    amount: value,
    comment: `Возврат за отмененный тур «${sim.dice.pick(TOURS)}», ${tourist(sim)}`,
    createdBy: 'accountant',
  };
};

const bankFee: Scenario = (sim) => {
  const value = spend(sim, 'bank-usd', amount(sim, 'usd', 15, 45, 1));
  if (value === null) return null;
  return {
    wallet: 'bank-usd',
    type: 'outcome',
    amount: value,
    comment: 'Комиссия банка за SWIFT-перевод',
    category: 'Банковские комиссии',
    createdBy: 'accountant',
  };
};

// No supplier payments here: each is linked to its booking (DESIGN.md 3b) and made through the
// bookings' payment service once the bookings exist (seed/supplier-payments.ts).
const SCENARIOS: readonly (readonly [Scenario, number])[] = [
  [servicePayment, 26],
  [managerCash, 12],
  [handOver, 8],
  [collection, 4],
  [exchange, 7],
  [adminExpense, 4],
  [advance, 4],
  [advanceSpending, 6],
  [agentPayment, 4],
  [agentCommission, 3],
  [agentPayout, 2],
  [deposit, 3],
  [depositUse, 2],
  [refund, 1],
  [bankFee, 2],
];

/** Monthly administrative payments: day of month, hour, category, comment, amount in som. */
const MONTHLY: readonly (readonly [number, number, string, (month: string) => string, number])[] = [
  [3, 10, 'Аренда', (month) => `Аренда офиса за ${month}`, 95_000],
  [5, 11, 'Зарплаты', (month) => `Зарплата сотрудников за ${month}`, 420_000],
  [7, 12, 'Связь и интернет', () => 'Интернет и мобильная связь', 6_800],
  [20, 15, 'Налоги', () => 'Налоги и взносы в Социальный фонд', 110_000],
];

interface Candidate {
  at: number;
  decidedAt: number | null;
  status: TransactionStatus;
  scenario: Scenario;
  order: number;
}

function uniqueInstant(used: Set<number>, ms: number): number {
  let value = ms;
  while (used.has(value)) value += 1000;
  used.add(value);
  return value;
}

/** Rate of a transfer: the day's rate (cross through kgs if need be), 10 decimals at most. */
function transferRate(rates: Rates, from: Currency, to: Currency): string {
  if (from === to) return '1';
  const exact = parseDecimal(findRate(rates, from, to));
  if (exact === null) throw new Error(`No demo rate ${from} → ${to}`);
  // The column keeps 12 decimals; rounding here keeps the stored rate the one that was used.
  return String(parseDecimal(exact.toFixed(10))?.toFixed());
}

/** The target amount of a transfer: amount × rate, rounded up to the target's precision. */
export function transferTargetAmount(
  amountMinor: number,
  from: Currency,
  to: Currency,
  rate: string,
): number {
  const converted = convertDecimal(fromMinorUnits(amountMinor, from), from, to, {
    [from]: { [to]: rate },
  });
  if (!converted) throw new Error(`No rate ${from} → ${to}`);
  return toMinorUnits(converted.amount, to);
}

/**
 * Who confirms or rejects a movement: the accountant mostly, the admin otherwise, never its
 * creator (the four-eyes rule of the ledger).
 */
export function decider(dice: Dice, createdBy: StaffKey): StaffKey {
  const picked = dice.weighted<StaffKey>([
    ['accountant', 7],
    ['admin', 3],
  ]);
  if (picked !== createdBy) return picked;
  return picked === 'accountant' ? 'admin' : 'accountant';
}

export function planTransactions(
  dice: Dice,
  now: number,
  today: string,
  wallets: PlannedWallet[],
  users: PlannedUser[],
  ratesByDate: Map<string, Rates>,
): PlannedTransaction[] {
  const walletMap = new Map(wallets.map((wallet) => [wallet.key, wallet]));
  const sim: Sim = {
    dice,
    wallets: walletMap,
    balances: new Map(wallets.map((wallet) => [wallet.key, 0])),
    tourists: users.filter((user) => user.key.startsWith('tourist-')),
    agentTourists: users.filter((user) => user.counterpartyKey === 'agent'),
    depositWallets: wallets
      .filter((wallet) => wallet.key.startsWith('deposit-') || wallet.key === 'client-kgs')
      .map((wallet) => wallet.key),
  };
  const firstDay = addDays(today, -(RATE_DAYS - 1));
  const created = new Set<number>();
  const decided = new Set<number>();
  const candidates: Candidate[] = [];

  const decide = (at: number, status: TransactionStatus) => {
    if (status === 'pending') return null;
    const ms = at + dice.int(10, 30 * 60) * MINUTE;
    return ms > now - MINUTE ? null : uniqueInstant(decided, ms);
  };
  const push = (at: number, status: TransactionStatus, scenario: Scenario, delay?: number) => {
    const createdAt = uniqueInstant(created, at);
    const decidedAt =
      delay === undefined ? decide(createdAt, status) : uniqueInstant(decided, createdAt + delay);
    candidates.push({
      at: createdAt,
      decidedAt,
      // Too recent to be decided yet: still waiting.
      status: decidedAt === null ? 'pending' : status,
      scenario,
      order: candidates.length,
    });
  };

  for (const spec of SITE_WALLETS) {
    const wallet = walletMap.get(spec.key) as PlannedWallet;
    const opening = (spec.opening ?? 0) * SCALE[wallet.currency];
    push(
      localTime(firstDay, 9, 0),
      'confirmed',
      () => ({
        wallet: spec.key,
        type: 'income',
        amount: opening,
        comment: 'Остаток на начало периода',
        createdBy: 'accountant',
      }),
      5 * MINUTE,
    );
  }

  for (let day = 1; day < RATE_DAYS; day += 1) {
    const date = addDays(firstDay, day);
    const weekday = new Date(dateMs(date)).getUTCDay();
    const dayOfMonth = Number(date.slice(8, 10));
    for (const [when, hour, category, comment, som] of MONTHLY) {
      if (dayOfMonth !== when) continue;
      const month = MONTHS[Number(date.slice(5, 7)) - 1] as string;
      const at = localTime(date, hour, dice.int(0, 59), dice.int(0, 59));
      if (at > now - 30 * MINUTE) continue;
      push(at, 'confirmed', (s) => {
        const value = spend(s, 'bank-kgs', som, { share: 1, min: som });
        if (value === null) return null;
        return {
          wallet: 'bank-kgs',
          type: 'outcome',
          amount: value,
          comment: comment(month),
          category,
          createdBy: 'accountant',
        };
      });
    }
    const events =
      weekday === 0 ? dice.int(0, 3) : weekday === 6 ? dice.int(2, 6) : dice.int(6, 15);
    for (let i = 0; i < events; i += 1) {
      const at = localTime(date, dice.int(9, 18), dice.int(0, 59), dice.int(0, 59));
      if (at > now - 10 * MINUTE) continue;
      const age = (now - at) / DAY;
      const pending = age < 7 ? 0.4 : age < 20 ? 0.08 : 0.01;
      const status = dice.weighted<TransactionStatus>([
        ['pending', pending],
        ['rejected', 0.07],
        ['confirmed', 1 - pending - 0.07],
      ]);
      push(at, status, dice.weighted(SCENARIOS));
    }
  }

  // Amounts are chosen when a movement takes effect (its confirmation), so no balance ever dips
  // below zero in confirmation order; a movement that would overdraw is left out.
  const effect = (c: Candidate) => (c.status === 'confirmed' ? (c.decidedAt as number) : c.at);
  candidates.sort((a, b) => effect(a) - effect(b) || a.order - b.order);

  const planned: PlannedTransaction[] = [];
  for (const candidate of candidates) {
    const draft = candidate.scenario(sim);
    if (draft === null) continue;
    const source = walletMap.get(draft.wallet) as PlannedWallet;
    const target =
      draft.target === undefined ? null : (walletMap.get(draft.target) as PlannedWallet);
    const rates = ratesByDate.get(localDate(candidate.at)) ?? {};
    const rate = target ? transferRate(rates, source.currency, target.currency) : null;
    const targetAmount =
      target && rate
        ? transferTargetAmount(draft.amount, source.currency, target.currency, rate)
        : null;
    if (candidate.status === 'confirmed') {
      const balance = sim.balances.get(source.key) as number;
      const delta = draft.type === 'income' ? draft.amount : -draft.amount;
      if (balance + delta < 0) continue;
      sim.balances.set(source.key, balance + delta);
      if (target && targetAmount !== null) {
        sim.balances.set(target.key, (sim.balances.get(target.key) as number) + targetAmount);
      }
    }
    planned.push({
      walletKey: source.key,
      type: draft.type,
      amount: draft.amount,
      currency: source.currency,
      status: candidate.status,
      targetWalletKey: target?.key ?? null,
      targetCurrency: target?.currency ?? null,
      target_amount: targetAmount,
      rate,
      category: draft.category ?? null,
      comment: draft.comment,
      createdByKey: draft.createdBy,
      confirmedByKey: candidate.status === 'pending' ? null : decider(dice, draft.createdBy),
      created_at: new Date(candidate.at),
      confirmed_at: candidate.decidedAt === null ? null : new Date(candidate.decidedAt),
    });
  }
  for (const wallet of wallets) wallet.balance = sim.balances.get(wallet.key) as number;
  return planned.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}
