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

/** By the prepared tour's title (seed/main-section.ts). */
export const PROGRAMMES: Readonly<Record<string, Programme>> = {
  'Золотое кольцо Японии': {
    legs: [
      {
        key: 'out',
        airline: 'asiana',
        flight: 'OZ 578',
        from: 'FRU',
        to: 'NRT',
        day: 0,
        departs: '01:10',
        arrives: '13:25',
        fare: 590,
        via: 'Инчхон (ICN)',
        baggage: BAGGAGE,
      },
      {
        key: 'back',
        airline: 'asiana',
        flight: 'OZ 113',
        from: 'KIX',
        to: 'FRU',
        day: 6,
        departs: '10:40',
        arrives: '20:15',
        fare: 605,
        via: 'Инчхон (ICN)',
        baggage: BAGGAGE,
      },
    ],
    stays: [
      {
        hotel: 'gracery',
        city: 'Токио',
        category: '4*',
        from: 0,
        to: 2,
        rate: 25_200,
        meal: 'BB',
        room: 'TWN',
      },
      {
        hotel: 'kyoto-tower',
        city: 'Киото',
        category: '3*',
        from: 2,
        to: 5,
        rate: 19_400,
        meal: 'BB',
        room: 'TWN',
      },
      {
        hotel: 'cross-osaka',
        city: 'Осака',
        category: '4*',
        from: 5,
        to: 6,
        rate: 23_100,
        meal: 'BB',
        room: 'TWN',
      },
    ],
    rides: [
      {
        company: 'mk-taxi',
        direction: 'arrival',
        day: 0,
        time: '14:30',
        from: 'Аэропорт Нарита (NRT), терминал 1',
        to: 'Hotel Gracery Shinjuku',
        cost: 36_000,
        flight: 'out',
      },
      {
        company: 'mk-taxi',
        direction: 'departure',
        day: 6,
        time: '07:00',
        from: 'Cross Hotel Osaka',
        to: 'Аэропорт Кансай (KIX)',
        cost: 28_000,
        flight: 'back',
      },
    ],
    guides: [
      {
        supplier: 'guide-tanaka',
        guide: 'Танака Юки',
        from: 1,
        to: 1,
        rate: 30_000,
        languages: ['русский', 'японский'],
      },
      {
        supplier: 'jtb',
        guide: 'Сато Кэнто',
        from: 3,
        to: 4,
        rate: 28_000,
        languages: ['русский', 'английский'],
      },
    ],
    visits: [
      {
        supplier: 'teamlab',
        venue: 'teamLab Planets, Тоёсу',
        day: 1,
        time: '16:00',
        adult: 3_800,
        child: 2_800,
      },
      {
        supplier: 'jtb',
        venue: 'Храм Киёмидзу-дэра, Киото',
        day: 3,
        time: '09:30',
        adult: 500,
        child: 200,
      },
      {
        supplier: 'jtb',
        venue: 'Храм Тодай-дзи, Нара',
        day: 4,
        time: '10:00',
        adult: 800,
        child: 400,
      },
    ],
    expenses: [
      {
        supplier: 'jtb',
        category: 'Проезд',
        description: 'Синкансэн Nozomi Токио — Киото, зарезервированные места',
        day: 2,
        perPerson: 14_170,
      },
      {
        supplier: 'jtb',
        category: 'Питание',
        description: 'Прощальный ужин группы в Осаке',
        day: 5,
        perPerson: 7_500,
      },
    ],
    insurance: JAPAN_COVER,
  },
  'Сакура в Киото': {
    legs: [
      {
        key: 'out',
        airline: 'asiana',
        flight: 'OZ 578',
        from: 'FRU',
        to: 'KIX',
        day: 0,
        departs: '01:10',
        arrives: '13:50',
        fare: 550,
        via: 'Инчхон (ICN)',
        baggage: BAGGAGE,
      },
      {
        key: 'back',
        airline: 'asiana',
        flight: 'OZ 113',
        from: 'KIX',
        to: 'FRU',
        day: 3,
        departs: '10:40',
        arrives: '20:15',
        fare: 565,
        via: 'Инчхон (ICN)',
        baggage: BAGGAGE,
      },
    ],
    stays: [
      {
        hotel: 'kyoto-tower',
        city: 'Киото',
        category: '3*',
        from: 0,
        to: 3,
        rate: 22_000,
        meal: 'BB',
        room: 'TWN',
      },
    ],
    rides: [
      {
        company: 'mk-taxi',
        direction: 'arrival',
        day: 0,
        time: '15:00',
        from: 'Аэропорт Кансай (KIX)',
        to: 'Kyoto Tower Hotel',
        cost: 38_000,
        flight: 'out',
      },
      {
        company: 'mk-taxi',
        direction: 'departure',
        day: 3,
        time: '07:15',
        from: 'Kyoto Tower Hotel',
        to: 'Аэропорт Кансай (KIX)',
        cost: 38_000,
        flight: 'back',
      },
    ],
    guides: [
      {
        supplier: 'jtb',
        guide: 'Сато Кэнто',
        from: 1,
        to: 2,
        rate: 30_000,
        languages: ['русский', 'английский'],
      },
    ],
    visits: [
      {
        supplier: 'jtb',
        venue: 'Храм Киёмидзу-дэра, Киото',
        day: 1,
        time: '09:00',
        adult: 500,
        child: 200,
      },
      {
        supplier: 'jtb',
        venue: 'Романтический поезд Сагано, Арасияма',
        day: 2,
        time: '11:02',
        adult: 880,
        child: 440,
      },
    ],
    expenses: [
      {
        supplier: 'jtb',
        category: 'Питание',
        description: 'Ханами-пикник в парке Маруяма',
        day: 1,
        perPerson: 4_500,
      },
    ],
    insurance: JAPAN_COVER,
  },
  'Сеул и Пусан': {
    legs: [
      {
        key: 'out',
        airline: 'asiana',
        flight: 'OZ 578',
        from: 'FRU',
        to: 'ICN',
        day: 0,
        departs: '00:35',
        arrives: '08:40',
        fare: 305,
        baggage: BAGGAGE,
      },
      {
        key: 'back',
        airline: 'asiana',
        flight: 'OZ 577',
        from: 'PUS',
        to: 'FRU',
        day: 4,
        departs: '14:10',
        arrives: '23:40',
        fare: 315,
        via: 'Инчхон (ICN)',
        baggage: BAGGAGE,
      },
    ],
    stays: [
      {
        hotel: 'lotte-seoul',
        city: 'Сеул',
        category: '5*',
        from: 0,
        to: 2,
        rate: 152,
        meal: 'BB',
        room: 'TWN',
      },
      {
        hotel: 'paradise-busan',
        city: 'Пусан',
        category: '5*',
        from: 2,
        to: 4,
        rate: 168,
        meal: 'BB',
        room: 'TWN',
      },
    ],
    rides: [
      {
        company: 'korea-tour',
        direction: 'arrival',
        day: 0,
        time: '09:45',
        from: 'Аэропорт Инчхон (ICN), терминал 1',
        to: 'Lotte Hotel Seoul',
        cost: 140,
        flight: 'out',
      },
      {
        company: 'korea-tour',
        direction: 'departure',
        day: 4,
        time: '11:00',
        from: 'Paradise Hotel Busan',
        to: 'Аэропорт Кимхэ (PUS)',
        cost: 90,
        flight: 'back',
      },
    ],
    guides: [
      {
        supplier: 'guide-park',
        guide: 'Пак Ми Рён',
        from: 1,
        to: 1,
        rate: 160,
        languages: ['русский', 'корейский'],
      },
      {
        supplier: 'korea-tour',
        guide: 'Ли Джи Хун',
        from: 3,
        to: 3,
        rate: 150,
        languages: ['русский'],
      },
    ],
    visits: [
      {
        supplier: 'korea-tour',
        venue: 'Дворец Кёнбоккун, Сеул',
        day: 1,
        time: '10:00',
        adult: 3,
        child: 0,
      },
      {
        supplier: 'korea-tour',
        venue: 'Смотровая площадка Busan X the Sky',
        day: 3,
        time: '18:00',
        adult: 27,
        child: 24,
      },
    ],
    expenses: [
      {
        supplier: 'korea-tour',
        category: 'Проезд',
        description: 'Поезд KTX Сеул — Пусан',
        day: 2,
        perPerson: 45,
      },
    ],
    insurance: KOREA_COVER,
  },
  'Грузия: Тбилиси и Казбеги': {
    legs: [
      {
        key: 'out',
        airline: 'airastana',
        flight: 'KC 110',
        from: 'FRU',
        to: 'TBS',
        day: 0,
        departs: '07:20',
        arrives: '13:05',
        fare: 160,
        via: 'Алматы (ALA)',
        baggage: BAGGAGE,
      },
      {
        key: 'back',
        airline: 'airastana',
        flight: 'KC 111',
        from: 'TBS',
        to: 'FRU',
        day: 4,
        departs: '14:30',
        arrives: '23:10',
        fare: 165,
        via: 'Алматы (ALA)',
        baggage: BAGGAGE,
      },
    ],
    stays: [
      {
        hotel: 'rooms-tbilisi',
        city: 'Тбилиси',
        category: '4*',
        from: 0,
        to: 2,
        rate: 79,
        meal: 'BB',
        room: 'DBL',
      },
      {
        hotel: 'rooms-kazbegi',
        city: 'Степанцминда',
        category: '4*',
        from: 2,
        to: 3,
        rate: 94,
        meal: 'HB',
        room: 'TWN',
      },
      {
        hotel: 'rooms-tbilisi',
        city: 'Тбилиси',
        category: '4*',
        from: 3,
        to: 4,
        rate: 79,
        meal: 'BB',
        room: 'DBL',
      },
    ],
    rides: [
      {
        company: 'georgian-holidays',
        direction: 'arrival',
        day: 0,
        time: '14:00',
        from: 'Аэропорт Тбилиси (TBS)',
        to: 'Rooms Hotel Tbilisi',
        cost: 25,
        flight: 'out',
      },
      {
        company: 'georgian-holidays',
        direction: 'intercity',
        day: 2,
        time: '09:00',
        from: 'Тбилиси, Rooms Hotel',
        to: 'Степанцминда, по Военно-Грузинской дороге',
        cost: 85,
      },
      {
        company: 'georgian-holidays',
        direction: 'intercity',
        day: 3,
        time: '10:00',
        from: 'Степанцминда',
        to: 'Тбилиси через Мцхету',
        cost: 85,
      },
      {
        company: 'georgian-holidays',
        direction: 'departure',
        day: 4,
        time: '11:30',
        from: 'Rooms Hotel Tbilisi',
        to: 'Аэропорт Тбилиси (TBS)',
        cost: 25,
        flight: 'back',
      },
    ],
    guides: [
      {
        supplier: 'georgian-holidays',
        guide: 'Нино Беридзе',
        from: 1,
        to: 3,
        rate: 40,
        languages: ['русский', 'грузинский', 'английский'],
      },
    ],
    visits: [
      {
        supplier: 'khareba',
        venue: 'Винодельня «Хареба», тоннель и дегустация',
        day: 3,
        time: '15:00',
        adult: 15,
        child: 6,
      },
    ],
    expenses: [],
    insurance: {
      insurer: 'kyrgyzinstrakh',
      plan: ABROAD,
      coverage: 30_000,
      coverageCurrency: 'eur',
      territory: 'Грузия',
      perDay: 80,
    },
  },
  'Самарканд и Бухара': {
    legs: [
      {
        key: 'out',
        airline: 'uzairways',
        flight: 'HY 778',
        from: 'FRU',
        to: 'TAS',
        day: 0,
        departs: '07:45',
        arrives: '08:05',
        fare: 110,
        baggage: BAGGAGE,
      },
      {
        key: 'back',
        airline: 'uzairways',
        flight: 'HY 777',
        from: 'BHK',
        to: 'FRU',
        day: 4,
        departs: '12:10',
        arrives: '20:35',
        fare: 125,
        via: 'Ташкент (TAS)',
        baggage: BAGGAGE,
      },
    ],
    stays: [
      {
        hotel: 'hotel-uzbekistan',
        city: 'Ташкент',
        category: '4*',
        from: 0,
        to: 1,
        rate: 47,
        meal: 'BB',
        room: 'TWN',
      },
      {
        hotel: 'registan-plaza',
        city: 'Самарканд',
        category: '4*',
        from: 1,
        to: 3,
        rate: 58,
        meal: 'BB',
        room: 'TWN',
      },
      {
        hotel: 'asia-bukhara',
        city: 'Бухара',
        category: '3*',
        from: 3,
        to: 4,
        rate: 47,
        meal: 'BB',
        room: 'TWN',
      },
    ],
    rides: [
      {
        company: 'silk-road',
        direction: 'arrival',
        day: 0,
        time: '09:00',
        from: 'Аэропорт Ташкента (TAS)',
        to: 'Hotel Uzbekistan',
        cost: 30,
        flight: 'out',
      },
      {
        company: 'silk-road',
        direction: 'departure',
        day: 4,
        time: '09:30',
        from: 'Hotel Asia Bukhara',
        to: 'Аэропорт Бухары (BHK)',
        cost: 25,
        flight: 'back',
      },
    ],
    guides: [
      {
        supplier: 'silk-road',
        guide: 'Шерзод Рахимов',
        from: 1,
        to: 3,
        rate: 50,
        languages: ['русский', 'узбекский'],
      },
    ],
    visits: [
      {
        supplier: 'silk-road',
        venue: 'Ансамбль Регистан, Самарканд',
        day: 2,
        time: '10:00',
        adult: 5,
        child: 2.5,
      },
      {
        supplier: 'silk-road',
        venue: 'Крепость Арк, Бухара',
        day: 3,
        time: '16:00',
        adult: 4,
        child: 2,
      },
    ],
    expenses: [
      {
        supplier: 'uz-railways',
        category: 'Ж/д билеты',
        description: 'Поезд «Афросиаб» Ташкент — Самарканд, 2-й класс',
        day: 1,
        perPerson: 20,
      },
      {
        supplier: 'uz-railways',
        category: 'Ж/д билеты',
        description: 'Поезд «Шарк» Самарканд — Бухара',
        day: 3,
        perPerson: 12,
      },
    ],
    insurance: {
      insurer: 'kyrgyzinstrakh',
      plan: ABROAD,
      coverage: 15_000,
      coverageCurrency: 'usd',
      territory: 'Узбекистан',
      perDay: 60,
    },
  },
  'Стамбул и Каппадокия': {
    legs: [
      {
        key: 'out',
        airline: 'turkish',
        flight: 'TK 345',
        from: 'FRU',
        to: 'IST',
        day: 0,
        departs: '06:50',
        arrives: '10:25',
        fare: 180,
        baggage: BAGGAGE,
      },
      {
        key: 'inner',
        airline: 'pegasus',
        flight: 'PC 2736',
        from: 'SAW',
        to: 'NAV',
        day: 2,
        departs: '08:15',
        arrives: '09:35',
        fare: 35,
        baggage: '20 кг + ручная кладь 8 кг',
      },
      {
        key: 'back',
        airline: 'turkish',
        flight: 'TK 2011',
        from: 'NAV',
        to: 'FRU',
        day: 4,
        departs: '10:30',
        arrives: '23:55',
        fare: 195,
        via: 'Стамбул (IST), стыковка с TK 344',
        baggage: BAGGAGE,
      },
    ],
    stays: [
      {
        hotel: 'sura',
        city: 'Стамбул',
        category: '4*',
        from: 0,
        to: 2,
        rate: 63,
        meal: 'BB',
        room: 'TWN',
      },
      {
        hotel: 'kayakapi',
        city: 'Ургюп',
        category: '5*',
        from: 2,
        to: 4,
        rate: 84,
        meal: 'BB',
        room: 'DBL',
      },
    ],
    rides: [
      {
        company: 'turkiye-transfer',
        direction: 'arrival',
        day: 0,
        time: '11:30',
        from: 'Аэропорт Стамбула (IST)',
        to: 'Sura Hagia Sophia Hotel',
        cost: 40,
        flight: 'out',
      },
      {
        company: 'turkiye-transfer',
        direction: 'arrival',
        day: 2,
        time: '10:00',
        from: 'Аэропорт Невшехир (NAV)',
        to: 'Kayakapi Premium Caves',
        cost: 30,
        flight: 'inner',
      },
      {
        company: 'turkiye-transfer',
        direction: 'departure',
        day: 4,
        time: '08:00',
        from: 'Kayakapi Premium Caves',
        to: 'Аэропорт Невшехир (NAV)',
        cost: 30,
        flight: 'back',
      },
    ],
    guides: [
      {
        supplier: 'guide-ayse',
        guide: 'Айше Йылмаз',
        from: 1,
        to: 1,
        rate: 70,
        languages: ['русский', 'турецкий'],
      },
      {
        supplier: 'guide-ayse',
        guide: 'Айше Йылмаз',
        from: 3,
        to: 3,
        rate: 70,
        languages: ['русский', 'турецкий'],
      },
    ],
    visits: [
      {
        supplier: 'butterfly',
        venue: 'Полёт на воздушном шаре над Гёреме',
        day: 3,
        time: '05:30',
        adult: 75,
        child: 60,
      },
    ],
    expenses: [],
    insurance: {
      insurer: 'jubilee',
      plan: 'Medical Travel «Стандарт»',
      coverage: 30_000,
      coverageCurrency: 'eur',
      territory: 'Турция',
      perDay: 0.95,
    },
  },
  'Иссык-Куль: выходные': {
    legs: [],
    stays: [
      {
        hotel: 'raduga',
        city: 'Чолпон-Ата',
        category: 'Пансионат',
        from: 0,
        to: 2,
        rate: 9000,
        meal: 'FB',
        room: 'TWN',
      },
    ],
    rides: [
      {
        company: 'ala-too-trans',
        direction: 'intercity',
        day: 0,
        time: '08:00',
        from: 'Бишкек, площадь Ала-Тоо',
        to: 'Чолпон-Ата, пансионат «Радуга»',
        cost: 6_000,
      },
      {
        company: 'ala-too-trans',
        direction: 'intercity',
        day: 2,
        time: '16:00',
        from: 'Чолпон-Ата, пансионат «Радуга»',
        to: 'Бишкек, площадь Ала-Тоо',
        cost: 6_000,
      },
    ],
    guides: [],
    visits: [
      {
        supplier: 'kapitan',
        venue: 'Прогулка на яхте по Иссык-Кулю',
        day: 1,
        time: '11:00',
        adult: 1_500,
        child: 800,
      },
    ],
    expenses: [
      {
        supplier: 'raduga',
        category: 'Питание',
        description: 'Ужин-шашлык на берегу для группы',
        day: 1,
        perPerson: 1_200,
      },
    ],
    insurance: KYRGYZSTAN_COVER,
  },
  'Сон-Куль верхом': {
    legs: [],
    stays: [
      {
        hotel: 'altynai',
        city: 'Кочкор',
        category: 'Гостевой дом',
        from: 0,
        to: 1,
        rate: 5200,
        meal: 'HB',
        room: 'TWN',
      },
      {
        hotel: 'song-kol',
        city: 'Сон-Куль',
        category: 'Юрточный лагерь',
        from: 1,
        to: 3,
        rate: 12_600,
        meal: 'FB',
        room: 'TRPL',
      },
    ],
    rides: [
      {
        company: 'ala-too-trans',
        direction: 'intercity',
        day: 0,
        time: '07:30',
        from: 'Бишкек, Западный автовокзал',
        to: 'Кочкор, гостевой дом «Алтынай»',
        cost: 7_000,
      },
      {
        company: 'ala-too-trans',
        direction: 'intercity',
        day: 3,
        time: '13:00',
        from: 'Сон-Куль, юрточный лагерь',
        to: 'Бишкек',
        cost: 8_000,
      },
    ],
    guides: [
      {
        supplier: 'cbt-kochkor',
        guide: 'Азамат Жумабеков',
        from: 1,
        to: 2,
        rate: 3_000,
        languages: ['русский', 'кыргызский', 'английский'],
      },
    ],
    visits: [
      {
        supplier: 'cbt-kochkor',
        venue: 'Конный переход Кочкор — Сон-Куль',
        day: 1,
        time: '09:00',
        adult: 7_500,
        adultLabel: 'Лошадь с коноводом',
      },
    ],
    expenses: [
      {
        supplier: 'cbt-kochkor',
        category: 'Питание',
        description: 'Обед и мастер-класс в доме мастериц войлока',
        day: 0,
        perPerson: 2_000,
      },
    ],
    insurance: KYRGYZSTAN_COVER,
  },
  'Хоккайдо зимой': {
    legs: [
      {
        key: 'out',
        airline: 'asiana',
        flight: 'OZ 578',
        from: 'FRU',
        to: 'CTS',
        day: 0,
        departs: '01:10',
        arrives: '14:40',
        fare: 565,
        via: 'Инчхон (ICN)',
        baggage: BAGGAGE,
      },
      {
        key: 'back',
        airline: 'asiana',
        flight: 'OZ 173',
        from: 'CTS',
        to: 'FRU',
        day: 4,
        departs: '11:00',
        arrives: '20:30',
        fare: 580,
        via: 'Инчхон (ICN)',
        baggage: BAGGAGE,
      },
    ],
    stays: [
      {
        hotel: 'jr-inn-sapporo',
        city: 'Саппоро',
        category: '3*',
        from: 0,
        to: 4,
        rate: 18_400,
        meal: 'BB',
        room: 'TWN',
      },
    ],
    rides: [
      {
        company: 'mk-taxi',
        direction: 'arrival',
        day: 0,
        time: '15:40',
        from: 'Аэропорт Новый Титосэ (CTS)',
        to: 'JR Inn Sapporo',
        cost: 30_000,
        flight: 'out',
      },
      {
        company: 'mk-taxi',
        direction: 'departure',
        day: 4,
        time: '08:00',
        from: 'JR Inn Sapporo',
        to: 'Аэропорт Новый Титосэ (CTS)',
        cost: 30_000,
        flight: 'back',
      },
    ],
    guides: [
      {
        supplier: 'jtb',
        guide: 'Ямамото Аи',
        from: 1,
        to: 2,
        rate: 30_000,
        languages: ['русский', 'японский'],
      },
    ],
    visits: [
      {
        supplier: 'jtb',
        venue: 'Канатная дорога на гору Моива',
        day: 1,
        time: '18:30',
        adult: 2_100,
        child: 1_050,
      },
      {
        supplier: 'jtb',
        venue: 'Онсэн Дзёзанкэй, дневное посещение',
        day: 3,
        time: '13:00',
        adult: 2_000,
        child: 1_000,
      },
    ],
    expenses: [
      {
        supplier: 'jtb',
        category: 'Проезд',
        description: 'Поезд JR Саппоро — Отару и обратно',
        day: 2,
        perPerson: 1_500,
      },
    ],
    insurance: JAPAN_COVER,
  },
  'Чеджу: остров вулканов': {
    legs: [
      {
        key: 'out',
        airline: 'asiana',
        flight: 'OZ 578',
        from: 'FRU',
        to: 'CJU',
        day: 0,
        departs: '00:35',
        arrives: '12:20',
        fare: 315,
        via: 'Инчхон (ICN)',
        baggage: BAGGAGE,
      },
      {
        key: 'back',
        airline: 'asiana',
        flight: 'OZ 8928',
        from: 'CJU',
        to: 'FRU',
        day: 3,
        departs: '13:00',
        arrives: '23:45',
        fare: 325,
        via: 'Инчхон (ICN)',
        baggage: BAGGAGE,
      },
    ],
    stays: [
      {
        hotel: 'shilla-jeju',
        city: 'Чеджу',
        category: '4*',
        from: 0,
        to: 3,
        rate: 136,
        meal: 'BB',
        room: 'TWN',
      },
    ],
    rides: [
      {
        company: 'korea-tour',
        direction: 'arrival',
        day: 0,
        time: '13:15',
        from: 'Аэропорт Чеджу (CJU)',
        to: 'Shilla Stay Jeju',
        cost: 60,
        flight: 'out',
      },
      {
        company: 'korea-tour',
        direction: 'departure',
        day: 3,
        time: '10:30',
        from: 'Shilla Stay Jeju',
        to: 'Аэропорт Чеджу (CJU)',
        cost: 60,
        flight: 'back',
      },
    ],
    guides: [
      {
        supplier: 'guide-park',
        guide: 'Пак Ми Рён',
        from: 1,
        to: 2,
        rate: 130,
        languages: ['русский', 'корейский'],
      },
    ],
    visits: [
      {
        supplier: 'korea-tour',
        venue: 'Пик Сонсан Ильчхульбон',
        day: 1,
        time: '07:00',
        adult: 4,
        child: 2.5,
      },
      {
        supplier: 'korea-tour',
        venue: 'Деревня народного быта Сонып',
        day: 2,
        time: '11:00',
        adult: 12,
        child: 8,
      },
    ],
    expenses: [],
    insurance: KOREA_COVER,
  },
};
