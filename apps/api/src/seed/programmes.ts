import type { Currency, FlightClass, MealPlan, RoomType, TransferDirection } from '@tour/core';
import type { SupplierKey } from './suppliers';

// What each demo tour books, day by day (day 0 is the trip's first day): the flights there and
// back, the hotels night by night, the transfers, guides, entrance tickets, other expenses and
// the group's health insurance. Amounts are in major units of the supplier's currency; the demo
// varies them a little per trip. They are the operator's group rates, set against the tours'
// prices (seed/main-section.ts): a departure's bookings come to about 70-92 % of what its
// travellers pay, the fewer of them the more (transfers and guides are paid per group), so the
// trips earn 8-30 % on the contract basis (DESIGN.md 3b).

export interface Leg {
  /** The transfers that meet or see off a flight refer to it by this. */
  key: 'out' | 'inner' | 'back';
  airline: SupplierKey;
  flight: string;
  from: string;
  to: string;
  day: number;
  departs: string;
  arrives: string;
  /** An adult's ticket; a child under 12 flies for 75%. */
  fare: number;
  via?: string;
  baggage: string;
  flightClass?: FlightClass;
}

export interface Stay {
  hotel: SupplierKey;
  city: string;
  category: string;
  /** Check-in and check-out days. */
  from: number;
  to: number;
  /** A room and night. */
  rate: number;
  meal: MealPlan;
  room: Extract<RoomType, 'DBL' | 'TWN' | 'TRPL'>;
}

export interface Ride {
  company: SupplierKey;
  direction: TransferDirection;
  day: number;
  time: string;
  from: string;
  to: string;
  /** A minibus for up to 9 people. */
  cost: number;
  flight?: Leg['key'];
}

export interface Guiding {
  supplier: SupplierKey;
  guide: string;
  from: number;
  to: number;
  rate: number;
  languages: string[];
}

export interface Visit {
  supplier: SupplierKey;
  venue: string;
  day: number;
  time: string;
  adult: number;
  /** A child under 12; none: children pay as adults. */
  child?: number;
  adultLabel?: string;
}

export interface Expense {
  supplier: SupplierKey;
  category: string;
  description: string;
  day: number;
  perPerson: number;
}

export interface Cover {
  insurer: SupplierKey;
  plan: string;
  coverage: number;
  coverageCurrency: Currency;
  territory: string;
  /** A person and day, in the insurer's currency. */
  perDay: number;
}

export interface Programme {
  legs: Leg[];
  stays: Stay[];
  rides: Ride[];
  guides: Guiding[];
  visits: Visit[];
  expenses: Expense[];
  insurance: Cover;
}

const BAGGAGE = '23 кг + ручная кладь 10 кг';
const INCHEON = 'Инчхон (ICN)';
const ABROAD = 'Медицинское страхование выезжающих за рубеж «Стандарт»';
const JAPAN_COVER: Cover = {
  insurer: 'kyrgyzinstrakh',
  plan: ABROAD,
  coverage: 50_000,
  coverageCurrency: 'usd',
  territory: 'Япония',
  perDay: 95,
};
const KOREA_COVER: Cover = {
  insurer: 'jubilee',
  plan: 'Medical Travel «Комфорт»',
  coverage: 30_000,
  coverageCurrency: 'usd',
  territory: 'Республика Корея',
  perDay: 1.1,
};
const KYRGYZSTAN_COVER: Cover = {
  insurer: 'kyrgyzinstrakh',
  plan: 'Страхование от несчастных случаев в поездке',
  coverage: 200_000,
  coverageCurrency: 'kgs',
  territory: 'Кыргызстан',
  perDay: 40,
};
const GEORGIA_COVER: Cover = {
  insurer: 'kyrgyzinstrakh',
  plan: ABROAD,
  coverage: 30_000,
  coverageCurrency: 'eur',
  territory: 'Грузия',
  perDay: 80,
};
const UZBEKISTAN_COVER: Cover = {
  insurer: 'kyrgyzinstrakh',
  plan: ABROAD,
  coverage: 15_000,
  coverageCurrency: 'usd',
  territory: 'Узбекистан',
  perDay: 60,
};
const TURKEY_COVER: Cover = {
  insurer: 'jubilee',
  plan: 'Medical Travel «Стандарт»',
  coverage: 30_000,
  coverageCurrency: 'eur',
  territory: 'Турция',
  perDay: 0.95,
};

// A programme is written as what it books, one booking a line: each kind's call takes its fields
// in the order of its interface above, so that the shape of each kind is written once, here.

/** What a programme books (a field of Programme but its insurance), and one booking of it. */
type Kind = Exclude<keyof Programme, 'insurance'>;
type Booking = { [K in Kind]: [K, Programme[K][number]] }[Kind];

/** A programme: its insurance and what it books, each kind's bookings in the order written. */
function programme(insurance: Cover, bookings: Booking[]): Programme {
  // A booking of kind K holds a Programme[K] item (Booking pairs them); TypeScript cannot follow
  // that pairing through the generic K.
  const of = <K extends Kind>(kind: K) =>
    bookings.flatMap(([its, booking]) => (its === kind ? [booking as Programme[K][number]] : []));
  return {
    legs: of('legs'),
    stays: of('stays'),
    rides: of('rides'),
    guides: of('guides'),
    visits: of('visits'),
    expenses: of('expenses'),
    insurance,
  };
}

/** A flight; `via` where it connects; the baggage is BAGGAGE unless told. */
function leg(
  key: Leg['key'],
  airline: SupplierKey,
  flight: string,
  from: string,
  to: string,
  day: number,
  departs: string,
  arrives: string,
  fare: number,
  { via, baggage = BAGGAGE }: { via?: string; baggage?: string } = {},
): Booking {
  const connection = via === undefined ? {} : { via };
  return [
    'legs',
    { key, airline, flight, from, to, day, departs, arrives, fare, ...connection, baggage },
  ];
}

function stay(
  hotel: SupplierKey,
  city: string,
  category: string,
  from: number,
  to: number,
  rate: number,
  meal: MealPlan,
  room: Stay['room'],
): Booking {
  return ['stays', { hotel, city, category, from, to, rate, meal, room }];
}

/** A transfer; one that meets or sees off a flight names it. */
function ride(
  company: SupplierKey,
  direction: TransferDirection,
  day: number,
  time: string,
  from: string,
  to: string,
  cost: number,
  flight?: Leg['key'],
): Booking {
  const meeting = flight === undefined ? {} : { flight };
  return ['rides', { company, direction, day, time, from, to, cost, ...meeting }];
}

function guiding(
  supplier: SupplierKey,
  guide: string,
  from: number,
  to: number,
  rate: number,
  languages: string[],
): Booking {
  return ['guides', { supplier, guide, from, to, rate, languages }];
}

/** An entrance; a child's ticket unless children pay as adults; the adult's ticket's label. */
function visit(
  supplier: SupplierKey,
  venue: string,
  day: number,
  time: string,
  adult: number,
  child?: number,
  adultLabel?: string,
): Booking {
  const children = child === undefined ? {} : { child };
  const label = adultLabel === undefined ? {} : { adultLabel };
  return ['visits', { supplier, venue, day, time, adult, ...children, ...label }];
}

function expense(
  supplier: SupplierKey,
  category: string,
  description: string,
  day: number,
  perPerson: number,
): Booking {
  return ['expenses', { supplier, category, description, day, perPerson }];
}

/** By the prepared tour's title (seed/main-section.ts). */
// prettier-ignore
export const PROGRAMMES: Readonly<Record<string, Programme>> = {
  'Золотое кольцо Японии': programme(JAPAN_COVER, [
    leg('out', 'asiana', 'OZ 578', 'FRU', 'NRT', 0, '01:10', '13:25', 590, { via: INCHEON }),
    leg('back', 'asiana', 'OZ 113', 'KIX', 'FRU', 6, '10:40', '20:15', 605, { via: INCHEON }),
    stay('gracery', 'Токио', '4*', 0, 2, 25_200, 'BB', 'TWN'),
    stay('kyoto-tower', 'Киото', '3*', 2, 5, 19_400, 'BB', 'TWN'),
    stay('cross-osaka', 'Осака', '4*', 5, 6, 23_100, 'BB', 'TWN'),
    ride('mk-taxi', 'arrival', 0, '14:30', 'Аэропорт Нарита (NRT), терминал 1', 'Hotel Gracery Shinjuku', 36_000, 'out'),
    ride('mk-taxi', 'departure', 6, '07:00', 'Cross Hotel Osaka', 'Аэропорт Кансай (KIX)', 28_000, 'back'),
    guiding('guide-tanaka', 'Танака Юки', 1, 1, 30_000, ['русский', 'японский']),
    guiding('jtb', 'Сато Кэнто', 3, 4, 28_000, ['русский', 'английский']),
    visit('teamlab', 'teamLab Planets, Тоёсу', 1, '16:00', 3_800, 2_800),
    visit('jtb', 'Храм Киёмидзу-дэра, Киото', 3, '09:30', 500, 200),
    visit('jtb', 'Храм Тодай-дзи, Нара', 4, '10:00', 800, 400),
    expense('jtb', 'Проезд', 'Синкансэн Nozomi Токио — Киото, зарезервированные места', 2, 14_170),
    expense('jtb', 'Питание', 'Прощальный ужин группы в Осаке', 5, 7_500),
  ]),
  'Сакура в Киото': programme(JAPAN_COVER, [
    leg('out', 'asiana', 'OZ 578', 'FRU', 'KIX', 0, '01:10', '13:50', 550, { via: INCHEON }),
    leg('back', 'asiana', 'OZ 113', 'KIX', 'FRU', 3, '10:40', '20:15', 565, { via: INCHEON }),
    stay('kyoto-tower', 'Киото', '3*', 0, 3, 22_000, 'BB', 'TWN'),
    ride('mk-taxi', 'arrival', 0, '15:00', 'Аэропорт Кансай (KIX)', 'Kyoto Tower Hotel', 38_000, 'out'),
    ride('mk-taxi', 'departure', 3, '07:15', 'Kyoto Tower Hotel', 'Аэропорт Кансай (KIX)', 38_000, 'back'),
    guiding('jtb', 'Сато Кэнто', 1, 2, 30_000, ['русский', 'английский']),
    visit('jtb', 'Храм Киёмидзу-дэра, Киото', 1, '09:00', 500, 200),
    visit('jtb', 'Романтический поезд Сагано, Арасияма', 2, '11:02', 880, 440),
    expense('jtb', 'Питание', 'Ханами-пикник в парке Маруяма', 1, 4_500),
  ]),
  'Сеул и Пусан': programme(KOREA_COVER, [
    leg('out', 'asiana', 'OZ 578', 'FRU', 'ICN', 0, '00:35', '08:40', 305),
    leg('back', 'asiana', 'OZ 577', 'PUS', 'FRU', 4, '14:10', '23:40', 315, { via: INCHEON }),
    stay('lotte-seoul', 'Сеул', '5*', 0, 2, 152, 'BB', 'TWN'),
    stay('paradise-busan', 'Пусан', '5*', 2, 4, 168, 'BB', 'TWN'),
    ride('korea-tour', 'arrival', 0, '09:45', 'Аэропорт Инчхон (ICN), терминал 1', 'Lotte Hotel Seoul', 140, 'out'),
    ride('korea-tour', 'departure', 4, '11:00', 'Paradise Hotel Busan', 'Аэропорт Кимхэ (PUS)', 90, 'back'),
    guiding('guide-park', 'Пак Ми Рён', 1, 1, 160, ['русский', 'корейский']),
    guiding('korea-tour', 'Ли Джи Хун', 3, 3, 150, ['русский']),
    visit('korea-tour', 'Дворец Кёнбоккун, Сеул', 1, '10:00', 3, 0),
    visit('korea-tour', 'Смотровая площадка Busan X the Sky', 3, '18:00', 27, 24),
    expense('korea-tour', 'Проезд', 'Поезд KTX Сеул — Пусан', 2, 45),
  ]),
  'Грузия: Тбилиси и Казбеги': programme(GEORGIA_COVER, [
    leg('out', 'airastana', 'KC 110', 'FRU', 'TBS', 0, '07:20', '13:05', 160, { via: 'Алматы (ALA)' }),
    leg('back', 'airastana', 'KC 111', 'TBS', 'FRU', 4, '14:30', '23:10', 165, { via: 'Алматы (ALA)' }),
    stay('rooms-tbilisi', 'Тбилиси', '4*', 0, 2, 79, 'BB', 'DBL'),
    stay('rooms-kazbegi', 'Степанцминда', '4*', 2, 3, 94, 'HB', 'TWN'),
    stay('rooms-tbilisi', 'Тбилиси', '4*', 3, 4, 79, 'BB', 'DBL'),
    ride('georgian-holidays', 'arrival', 0, '14:00', 'Аэропорт Тбилиси (TBS)', 'Rooms Hotel Tbilisi', 25, 'out'),
    ride('georgian-holidays', 'intercity', 2, '09:00', 'Тбилиси, Rooms Hotel', 'Степанцминда, по Военно-Грузинской дороге', 85),
    ride('georgian-holidays', 'intercity', 3, '10:00', 'Степанцминда', 'Тбилиси через Мцхету', 85),
    ride('georgian-holidays', 'departure', 4, '11:30', 'Rooms Hotel Tbilisi', 'Аэропорт Тбилиси (TBS)', 25, 'back'),
    guiding('georgian-holidays', 'Нино Беридзе', 1, 3, 40, ['русский', 'грузинский', 'английский']),
    visit('khareba', 'Винодельня «Хареба», тоннель и дегустация', 3, '15:00', 15, 6),
  ]),
  'Самарканд и Бухара': programme(UZBEKISTAN_COVER, [
    leg('out', 'uzairways', 'HY 778', 'FRU', 'TAS', 0, '07:45', '08:05', 110),
    leg('back', 'uzairways', 'HY 777', 'BHK', 'FRU', 4, '12:10', '20:35', 125, { via: 'Ташкент (TAS)' }),
    stay('hotel-uzbekistan', 'Ташкент', '4*', 0, 1, 47, 'BB', 'TWN'),
    stay('registan-plaza', 'Самарканд', '4*', 1, 3, 58, 'BB', 'TWN'),
    stay('asia-bukhara', 'Бухара', '3*', 3, 4, 47, 'BB', 'TWN'),
    ride('silk-road', 'arrival', 0, '09:00', 'Аэропорт Ташкента (TAS)', 'Hotel Uzbekistan', 30, 'out'),
    ride('silk-road', 'departure', 4, '09:30', 'Hotel Asia Bukhara', 'Аэропорт Бухары (BHK)', 25, 'back'),
    guiding('silk-road', 'Шерзод Рахимов', 1, 3, 50, ['русский', 'узбекский']),
    visit('silk-road', 'Ансамбль Регистан, Самарканд', 2, '10:00', 5, 2.5),
    visit('silk-road', 'Крепость Арк, Бухара', 3, '16:00', 4, 2),
    expense('uz-railways', 'Ж/д билеты', 'Поезд «Афросиаб» Ташкент — Самарканд, 2-й класс', 1, 20),
    expense('uz-railways', 'Ж/д билеты', 'Поезд «Шарк» Самарканд — Бухара', 3, 12),
  ]),
  'Стамбул и Каппадокия': programme(TURKEY_COVER, [
    leg('out', 'turkish', 'TK 345', 'FRU', 'IST', 0, '06:50', '10:25', 180),
    leg('inner', 'pegasus', 'PC 2736', 'SAW', 'NAV', 2, '08:15', '09:35', 35, { baggage: '20 кг + ручная кладь 8 кг' }),
    leg('back', 'turkish', 'TK 2011', 'NAV', 'FRU', 4, '10:30', '23:55', 195, { via: 'Стамбул (IST), стыковка с TK 344' }),
    stay('sura', 'Стамбул', '4*', 0, 2, 63, 'BB', 'TWN'),
    stay('kayakapi', 'Ургюп', '5*', 2, 4, 84, 'BB', 'DBL'),
    ride('turkiye-transfer', 'arrival', 0, '11:30', 'Аэропорт Стамбула (IST)', 'Sura Hagia Sophia Hotel', 40, 'out'),
    ride('turkiye-transfer', 'arrival', 2, '10:00', 'Аэропорт Невшехир (NAV)', 'Kayakapi Premium Caves', 30, 'inner'),
    ride('turkiye-transfer', 'departure', 4, '08:00', 'Kayakapi Premium Caves', 'Аэропорт Невшехир (NAV)', 30, 'back'),
    guiding('guide-ayse', 'Айше Йылмаз', 1, 1, 70, ['русский', 'турецкий']),
    guiding('guide-ayse', 'Айше Йылмаз', 3, 3, 70, ['русский', 'турецкий']),
    visit('butterfly', 'Полёт на воздушном шаре над Гёреме', 3, '05:30', 75, 60),
  ]),
  'Иссык-Куль: выходные': programme(KYRGYZSTAN_COVER, [
    stay('raduga', 'Чолпон-Ата', 'Пансионат', 0, 2, 9000, 'FB', 'TWN'),
    ride('ala-too-trans', 'intercity', 0, '08:00', 'Бишкек, площадь Ала-Тоо', 'Чолпон-Ата, пансионат «Радуга»', 6_000),
    ride('ala-too-trans', 'intercity', 2, '16:00', 'Чолпон-Ата, пансионат «Радуга»', 'Бишкек, площадь Ала-Тоо', 6_000),
    visit('kapitan', 'Прогулка на яхте по Иссык-Кулю', 1, '11:00', 1_500, 800),
    expense('raduga', 'Питание', 'Ужин-шашлык на берегу для группы', 1, 1_200),
  ]),
  'Сон-Куль верхом': programme(KYRGYZSTAN_COVER, [
    stay('altynai', 'Кочкор', 'Гостевой дом', 0, 1, 5200, 'HB', 'TWN'),
    stay('song-kol', 'Сон-Куль', 'Юрточный лагерь', 1, 3, 12_600, 'FB', 'TRPL'),
    ride('ala-too-trans', 'intercity', 0, '07:30', 'Бишкек, Западный автовокзал', 'Кочкор, гостевой дом «Алтынай»', 7_000),
    ride('ala-too-trans', 'intercity', 3, '13:00', 'Сон-Куль, юрточный лагерь', 'Бишкек', 8_000),
    guiding('cbt-kochkor', 'Азамат Жумабеков', 1, 2, 3_000, ['русский', 'кыргызский', 'английский']),
    visit('cbt-kochkor', 'Конный переход Кочкор — Сон-Куль', 1, '09:00', 7_500, undefined, 'Лошадь с коноводом'),
    expense('cbt-kochkor', 'Питание', 'Обед и мастер-класс в доме мастериц войлока', 0, 2_000),
  ]),
  'Хоккайдо зимой': programme(JAPAN_COVER, [
    leg('out', 'asiana', 'OZ 578', 'FRU', 'CTS', 0, '01:10', '14:40', 565, { via: INCHEON }),
    leg('back', 'asiana', 'OZ 173', 'CTS', 'FRU', 4, '11:00', '20:30', 580, { via: INCHEON }),
    stay('jr-inn-sapporo', 'Саппоро', '3*', 0, 4, 18_400, 'BB', 'TWN'),
    ride('mk-taxi', 'arrival', 0, '15:40', 'Аэропорт Новый Титосэ (CTS)', 'JR Inn Sapporo', 30_000, 'out'),
    ride('mk-taxi', 'departure', 4, '08:00', 'JR Inn Sapporo', 'Аэропорт Новый Титосэ (CTS)', 30_000, 'back'),
    guiding('jtb', 'Ямамото Аи', 1, 2, 30_000, ['русский', 'японский']),
    visit('jtb', 'Канатная дорога на гору Моива', 1, '18:30', 2_100, 1_050),
    visit('jtb', 'Онсэн Дзёзанкэй, дневное посещение', 3, '13:00', 2_000, 1_000),
    expense('jtb', 'Проезд', 'Поезд JR Саппоро — Отару и обратно', 2, 1_500),
  ]),
  'Чеджу: остров вулканов': programme(KOREA_COVER, [
    leg('out', 'asiana', 'OZ 578', 'FRU', 'CJU', 0, '00:35', '12:20', 315, { via: INCHEON }),
    leg('back', 'asiana', 'OZ 8928', 'CJU', 'FRU', 3, '13:00', '23:45', 325, { via: INCHEON }),
    stay('shilla-jeju', 'Чеджу', '4*', 0, 3, 136, 'BB', 'TWN'),
    ride('korea-tour', 'arrival', 0, '13:15', 'Аэропорт Чеджу (CJU)', 'Shilla Stay Jeju', 60, 'out'),
    ride('korea-tour', 'departure', 3, '10:30', 'Shilla Stay Jeju', 'Аэропорт Чеджу (CJU)', 60, 'back'),
    guiding('guide-park', 'Пак Ми Рён', 1, 2, 130, ['русский', 'корейский']),
    visit('korea-tour', 'Пик Сонсан Ильчхульбон', 1, '07:00', 4, 2.5),
    visit('korea-tour', 'Деревня народного быта Сонып', 2, '11:00', 12, 8),
  ]),
};
