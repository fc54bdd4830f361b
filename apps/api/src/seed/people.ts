import { DEMO_ACCOUNTS } from './accounts';
import { addDays, addYears, daysBetween, DAY, localTime } from './calendar';
import { randomName, transliterate, type Gender, type NameOrigin } from './names';
import type { Dice } from './random';
import type { AgentKey, PlannedUser } from './types';

export const TOURIST_COUNT = 300;
/** How many of the tourists the first agent brought. */
export const AGENT_TOURIST_COUNT = 40;
/** How many the second, smaller agency brought (none brought by both: one counterparty each). */
export const AGENT2_TOURIST_COUNT = 15;

const AGENT_TOURISTS: readonly (readonly [AgentKey, number])[] = [
  ['agent', AGENT_TOURIST_COUNT],
  ['agent2', AGENT2_TOURIST_COUNT],
];

const CITIZENSHIPS = [
  ['Кыргызстан', 80],
  ['Казахстан', 10],
  ['Россия', 10],
] as const;

const KG_MOBILE = ['555', '557', '700', '702', '705', '707', '708', '770', '772', '775', '777'];
const KG_MOBILE_MORE = ['990', '995', '997', '999', '220', '222', '500', '550'];
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

const TOURIST_NOTES = [
  'Постоянный клиент',
  'Вегетарианское питание',
  'Нужна японская виза',
  'Аллергия на морепродукты',
  'Просит место у окна',
  'Оплата частями',
  'Нужна справка с работы для визы',
  'VIP: встреча в аэропорту',
  'Путешествует с семьей',
  'Предпочитает отели рядом с метро',
  'Не ест свинину',
  'Первая поездка в Японию',
];

export interface UserContext {
  dice: Dice;
  today: string;
  now: number;
  phones: Set<string>;
  passports: Set<string>;
  emails: Set<string>;
}

function uniqueValue(used: Set<string>, make: () => string): string {
  for (;;) {
    const value = make();
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
}

function digits(dice: Dice, count: number): string {
  let text = '';
  for (let i = 0; i < count; i += 1) text += String(dice.int(0, 9));
  return text;
}

function randomPhone(ctx: UserContext, citizenship: string): string {
  const { dice } = ctx;
  return uniqueValue(ctx.phones, () => {
    if (citizenship === 'Казахстан' && dice.chance(0.4)) {
      return `+77${dice.pick(['01', '02', '05', '07', '47', '75', '77'])}${digits(dice, 7)}`;
    }
    if (citizenship === 'Россия' && dice.chance(0.4)) {
      return `+79${dice.pick(['03', '05', '09', '16', '26', '52', '85', '99'])}${digits(dice, 7)}`;
    }
    const operator = dice.chance(0.8) ? dice.pick(KG_MOBILE) : dice.pick(KG_MOBILE_MORE);
    return `+996${operator}${digits(dice, 6)}`;
  });
}

function randomPassportNumber(ctx: UserContext, citizenship: string, issuedAt: string): string {
  const { dice } = ctx;
  return uniqueValue(ctx.passports, () => {
    if (citizenship === 'Казахстан') return `N${digits(dice, 8)}`;
    if (citizenship === 'Россия') return `${dice.int(72, 77)}${digits(dice, 7)}`;
    // Kyrgyz passports: series AN before the 2017 biometric ones, AC after.
    return `${issuedAt < '2017-01-01' ? 'AN' : 'AC'}${digits(dice, 7)}`;
  });
}

interface Passport {
  passport_number: string | null;
  passport_issued_at: string | null;
  passport_expires_at: string | null;
}

function randomPassport(
  ctx: UserContext,
  citizenship: string,
  birthDate: string,
  child: boolean,
): Passport {
  const { dice, today } = ctx;
  if (dice.chance(0.04)) {
    return { passport_number: null, passport_issued_at: null, passport_expires_at: null };
  }
  const validityYears = child ? 5 : 10;
  const validityDays = daysBetween(today, addYears(today, validityYears));
  // Some expire within six months (the trip summary flags them), a few have expired already.
  const roll = dice.float();
  const expiresIn =
    roll < 0.09 ? dice.int(15, 180) : roll < 0.12 ? -dice.int(5, 300) : dice.int(200, validityDays);
  let issuedAt = addYears(addDays(today, expiresIn), -validityYears);
  const earliest = addDays(child ? birthDate : addYears(birthDate, 16), 30);
  if (issuedAt < earliest) issuedAt = earliest > today ? addDays(today, -30) : earliest;
  return {
    passport_number: randomPassportNumber(ctx, citizenship, issuedAt),
    passport_issued_at: issuedAt,
    passport_expires_at: addYears(issuedAt, validityYears),
  };
}

function nameOrigin(dice: Dice, citizenship: string): NameOrigin {
  if (citizenship === 'Кыргызстан') return dice.chance(0.65) ? 'kyrgyz' : 'russian';
  if (citizenship === 'Казахстан') return dice.chance(0.5) ? 'kazakh' : 'russian';
  return dice.chance(0.9) ? 'russian' : 'kyrgyz';
}

function randomEmail(ctx: UserContext, firstName: string, surname: string, birth: string): string {
  const { dice } = ctx;
  const first = transliterate(firstName);
  const last = transliterate(surname);
  return uniqueValue(ctx.emails, () => {
    const style = dice.int(0, 3);
    const local =
      style === 0
        ? `${first}.${last}`
        : style === 1
          ? `${first}${birth.slice(2, 4)}`
          : style === 2
            ? `${first.charAt(0)}.${last}${dice.int(1, 99)}`
            : `${last}.${first}${dice.int(1, 999)}`;
    return `${local}@${dice.pick(EMAIL_DOMAINS)}`;
  });
}

function planTourist(
  ctx: UserContext,
  index: number,
  managerKey: string | null,
  counterpartyKey: string | null,
): PlannedUser {
  const { dice, today, now } = ctx;
  const citizenship = dice.weighted(CITIZENSHIPS);
  const gender: Gender = dice.chance(0.5) ? 'male' : 'female';
  const name = randomName(dice, gender, nameOrigin(dice, citizenship));
  const child = dice.chance(0.1);
  const [youngest, oldest] = child
    ? [2, 17]
    : dice.weighted([
        [[18, 29], 3],
        [[30, 55], 5],
        [[56, 75], 2],
      ] as const);
  const age = dice.int(youngest, oldest);
  const birthDate = addDays(addYears(today, -age), -dice.int(0, 364));
  const passport = randomPassport(ctx, citizenship, birthDate, child);
  const phone = !child && dice.chance(0.93) ? randomPhone(ctx, citizenship) : null;
  const email =
    !child && dice.chance(0.45) ? randomEmail(ctx, name.firstName, name.surname, birthDate) : null;
  const notes = child
    ? dice.chance(0.5)
      ? 'Ребенок, путешествует с родителями'
      : null
    : dice.chance(0.15)
      ? dice.pick(TOURIST_NOTES)
      : null;
  const createdAt = localTime(
    addDays(today, -dice.int(1, 730)),
    dice.int(9, 18),
    dice.int(0, 59),
    dice.int(0, 59),
  );
  return {
    key: `tourist-${index}`,
    full_name: name.fullName,
    email,
    phone,
    signsIn: false,
    roles: ['client'],
    birth_date: birthDate,
    citizenship,
    ...passport,
    notes,
    managerKey,
    counterpartyKey,
    created_at: new Date(Math.min(createdAt, now - DAY)),
  };
}

export function planUsers(ctx: UserContext): PlannedUser[] {
  const { dice, today } = ctx;
  for (const account of DEMO_ACCOUNTS) {
    if (account.phone) ctx.phones.add(account.phone);
    if (account.email) ctx.emails.add(account.email);
  }
  const accountsCreated = new Date(localTime(addDays(today, -760), 10, 0));
  const users: PlannedUser[] = DEMO_ACCOUNTS.map((account) => ({
    key: account.key,
    full_name: account.full_name,
    email: account.email,
    phone: account.phone,
    signsIn: true,
    roles: [account.role],
    birth_date: null,
    citizenship: null,
    passport_number: null,
    passport_issued_at: null,
    passport_expires_at: null,
    notes: account.notes ?? null,
    managerKey: null,
    counterpartyKey: null,
    created_at: accountsCreated,
  }));
  // The client account is a tourist too: documents filled in, managed by the sales manager.
  const client = users.find((user) => user.key === 'client') as PlannedUser;
  Object.assign(client, {
    birth_date: '1990-04-17',
    citizenship: 'Кыргызстан',
    passport_number: 'AC1234567',
    passport_issued_at: '2021-03-02',
    passport_expires_at: '2031-03-02',
    managerKey: 'sales',
  });
  ctx.passports.add('AC1234567');

  const broughtBy = new Map<number, AgentKey>();
  for (const [agent, count] of AGENT_TOURISTS) {
    let brought = 0;
    while (brought < count) {
      const index = dice.int(0, TOURIST_COUNT - 1);
      if (broughtBy.has(index)) continue;
      broughtBy.set(index, agent);
      brought += 1;
    }
  }
  for (let index = 0; index < TOURIST_COUNT; index += 1) {
    const agent = broughtBy.get(index) ?? null;
    const managerKey = agent
      ? dice.chance(0.5)
        ? 'sales'
        : null
      : dice.weighted<string | null>([
          ['sales', 45],
          ['phone', 25],
          ['admin', 10],
          [null, 20],
        ]);
    users.push(planTourist(ctx, index + 1, managerKey, agent));
  }
  return users;
}
