import type { Currency, MealPlan, PriceUnit, PricedKind } from '@tour/core';
import type { SaveCostingBody } from '@tour/core/contract/costings';
import type { Db } from '../db/database';
import { saveCosting } from '../routes/costings/service';
import { savePrice } from '../routes/price-lists/service';
import type { ScopeViewer } from '../domain/reach';
import { addDays } from './calendar';
import type { DemoSupplier, SupplierKey } from './suppliers';

// The demo's price lists and costings (issue 33): the Kyrgyz suppliers' prices, as a reservations
// agent types them from the suppliers' contracts (hotels by room type and board in a low and a
// high season, transfers by route and car, guides per day, tickets for adults and children, a
// dinner in a yurt camp per person), then costings of the Kyrgyz prepared tours and of two of
// their departures, saved through the costings service. No price is applied: the demo's trips
// keep their prices.

/** The seasons around `today`: low from November to April, high from May to October. */
function seasonsAround(today: string) {
  const year = Number(today.slice(0, 4));
  const low = (from: number) => ({ valid_from: `${from}-11-01`, valid_to: `${from + 1}-04-30` });
  const high = (of: number) => ({ valid_from: `${of}-05-01`, valid_to: `${of}-10-31` });
  return {
    low: [low(year - 1), low(year)],
    high: [high(year), high(year + 1)],
    /** Two years from the last one's start: transfers, guides, tickets at one price. */
    all: [{ valid_from: `${year - 1}-01-01`, valid_to: `${year + 1}-12-31` }],
  };
}

type Season = { valid_from: string; valid_to: string };

interface HotelPrices {
  supplier: SupplierKey;
  service: string;
  meal_plan: MealPlan;
  currency: Currency;
  /** Per room (SGL, DBL, TWN, TRPL) or per person (EXB, CHD) per night: [low, high]. */
  rooms: Partial<Record<'SGL' | 'DBL' | 'TWN' | 'TRPL' | 'EXB' | 'CHD', [number, number]>>;
  /** Only the high season (a yurt camp open in summer). */
  summerOnly?: boolean;
}

const HOTELS: HotelPrices[] = [
  {
    supplier: 'ala-too-hotel',
    service: 'Стандарт',
    meal_plan: 'BB',
    currency: 'usd',
    rooms: { SGL: [55, 70], DBL: [65, 85], TWN: [65, 85], EXB: [20, 25], CHD: [10, 12] },
  },
  {
    supplier: 'ala-too-hotel',
    service: 'Делюкс',
    meal_plan: 'BB',
    currency: 'usd',
    rooms: { SGL: [80, 100], DBL: [95, 120] },
  },
  {
    supplier: 'karakol-house',
    service: 'Стандарт',
    meal_plan: 'BB',
    currency: 'kgs',
    rooms: {
      SGL: [2500, 3200],
      DBL: [3500, 4500],
      TWN: [3500, 4500],
      TRPL: [4800, 6000],
      EXB: [900, 1200],
      CHD: [600, 800],
    },
  },
  {
    supplier: 'raduga',
    service: 'Стандарт',
    meal_plan: 'HB',
    currency: 'kgs',
    rooms: {
      SGL: [2800, 4500],
      DBL: [3800, 6500],
      TWN: [3800, 6500],
      EXB: [1200, 2000],
      CHD: [800, 1300],
    },
  },
  {
    supplier: 'altynai',
    service: 'Комната в гостевом доме',
    meal_plan: 'HB',
    currency: 'kgs',
    rooms: { SGL: [1800, 2200], DBL: [2800, 3400], TWN: [2800, 3400], CHD: [700, 900] },
  },
  {
    supplier: 'song-kol',
    service: 'Юрта',
    meal_plan: 'FB',
    currency: 'kgs',
    rooms: { SGL: [0, 3000], DBL: [0, 4800], TRPL: [0, 6600], CHD: [0, 1200] },
    summerOnly: true,
  },
];

interface OtherPrice {
  key: string;
  supplier: SupplierKey;
  kind: Exclude<PricedKind, 'hotel'>;
  service: string;
  variant?: 'adult' | 'child';
  capacity?: number;
  unit: PriceUnit;
  price: number;
  notes?: string;
}

/** Transfers by route and car: a sedan up to 3, a minivan up to 7, a bus up to 18. */
const ROUTES: [string, number, number, number][] = [
  ['Аэропорт Манас — Бишкек', 1500, 2500, 5000],
  ['Бишкек — Чолпон-Ата', 7000, 9500, 16000],
  ['Бишкек — Каракол', 11000, 14000, 24000],
  ['Бишкек — Кочкор', 6000, 8000, 14000],
];

const OTHERS: OtherPrice[] = [
  ...ROUTES.flatMap(([route, sedan, minivan, bus]) =>
    (
      [
        [3, sedan],
        [7, minivan],
        [18, bus],
      ] as const
    ).map(([capacity, price]) => ({
      key: `${route} ${capacity}`,
      supplier: 'ala-too-trans' as const,
      kind: 'transfer' as const,
      service: route,
      capacity,
      unit: 'car' as const,
      price,
    })),
  ),
  {
    key: 'guide',
    supplier: 'cbt-kochkor',
    kind: 'guide',
    service: 'Гид-переводчик (русский язык)',
    unit: 'day',
    price: 3500,
  },
  {
    key: 'horse-guide',
    supplier: 'cbt-kochkor',
    kind: 'guide',
    service: 'Конный гид с лошадью',
    unit: 'day',
    price: 2500,
    notes: 'Лошадь для туриста — отдельно, по договорённости на месте.',
  },
  {
    key: 'felt',
    supplier: 'cbt-kochkor',
    kind: 'activity',
    service: 'Мастер-класс по войлоку',
    variant: 'adult',
    unit: 'person',
    price: 800,
  },
  {
    key: 'felt-child',
    supplier: 'cbt-kochkor',
    kind: 'activity',
    service: 'Мастер-класс по войлоку',
    variant: 'child',
    unit: 'person',
    price: 500,
  },
  {
    key: 'yurt-dinner',
    supplier: 'cbt-kochkor',
    kind: 'tour_expense',
    service: 'Ужин в юрточном лагере',
    unit: 'person',
    price: 900,
  },
  {
    key: 'yacht',
    supplier: 'kapitan',
    kind: 'activity',
    service: 'Прогулка на яхте по Иссык-Кулю',
    variant: 'adult',
    unit: 'person',
    price: 1500,
  },
  {
    key: 'yacht-child',
    supplier: 'kapitan',
    kind: 'activity',
    service: 'Прогулка на яхте по Иссык-Кулю',
    variant: 'child',
    unit: 'person',
    price: 800,
  },
  {
    key: 'raduga-dinner',
    supplier: 'raduga',
    kind: 'tour_expense',
    service: 'Ужин с национальной кухней',
    unit: 'person',
    price: 700,
  },
];

export interface PriceListsSeed {
  /** Prices saved. */
  prices: number;
  /** A price's id by its key (OTHERS' keys): what a costing's line names. */
  ids: Map<string, number>;
}

/** The Kyrgyz suppliers' price lists, through the price lists' service. */
export async function seedPriceLists(
  trx: Db,
  viewer: ScopeViewer,
  suppliers: ReadonlyMap<SupplierKey, DemoSupplier>,
  today: string,
): Promise<PriceListsSeed> {
  const seasons = seasonsAround(today);
  const idOf = (key: SupplierKey) => suppliers.get(key)!.id;
  let prices = 0;
  const save = async (supplier: SupplierKey, body: Parameters<typeof savePrice>[3]) => {
    const saved = await savePrice(trx, viewer, { supplierId: idOf(supplier), id: null }, body);
    prices += 1;
    return saved.id;
  };
  for (const hotel of HOTELS) {
    for (const [variant, [low, high]] of Object.entries(hotel.rooms)) {
      const unit = variant === 'EXB' || variant === 'CHD' ? 'person_night' : 'room_night';
      const priced: [Season, number][] = [
        ...(hotel.summerOnly ? [] : seasons.low.map((season): [Season, number] => [season, low])),
        ...seasons.high.map((season): [Season, number] => [season, high]),
      ];
      for (const [season, price] of priced) {
        await save(hotel.supplier, {
          kind: 'hotel',
          service: hotel.service,
          variant,
          meal_plan: hotel.meal_plan,
          unit,
          currency: hotel.currency,
          price,
          ...season,
        });
      }
    }
  }
  const ids = new Map<string, number>();
  for (const other of OTHERS) {
    for (const season of seasons.all) {
      ids.set(
        other.key,
        await save(other.supplier, {
          kind: other.kind,
          service: other.service,
          variant: other.variant ?? null,
          capacity: other.capacity ?? null,
          unit: other.unit,
          currency: suppliers.get(other.supplier)!.currency,
          price: other.price,
          notes: other.notes ?? null,
          ...season,
        }),
      );
    }
  }
  return { prices, ids };
}

/** A Kyrgyz tour's services from its first day, as its costing's lines. */
type Programme = (start: string, ids: ReadonlyMap<string, number>) => SaveCostingBody['lines'];

const price = (id: number, date: string, quantity = 1) =>
  ({ type: 'price', price_id: id, date, quantity }) as const;

/** «Иссык-Куль: выходные»: by minivan to Cholpon-Ata and back, two nights, the yacht, dinner. */
const ISSYK_KUL: (supplier: (key: SupplierKey) => number) => Programme =
  (supplier) => (start, ids) => [
    {
      type: 'transfer',
      supplier_id: supplier('ala-too-trans'),
      service: 'Бишкек — Чолпон-Ата',
      date: start,
      quantity: 2,
    },
    {
      type: 'hotel',
      supplier_id: supplier('raduga'),
      service: 'Стандарт',
      meal_plan: 'HB',
      check_in: start,
      nights: 2,
    },
    price(ids.get('yacht')!, addDays(start, 1)),
    price(ids.get('raduga-dinner')!, start),
  ];

/** «Сон-Куль верхом»: to Kochkor, a night there, two in the yurts in summer, the horse guide. */
const SONG_KOL: (supplier: (key: SupplierKey) => number, summer: boolean) => Programme =
  (supplier, summer) => (start, ids) => [
    {
      type: 'transfer',
      supplier_id: supplier('ala-too-trans'),
      service: 'Бишкек — Кочкор',
      date: start,
      quantity: 2,
    },
    {
      type: 'hotel',
      supplier_id: supplier('altynai'),
      service: 'Комната в гостевом доме',
      meal_plan: 'HB',
      check_in: start,
      nights: summer ? 1 : 3,
    },
    ...(summer
      ? [
          {
            type: 'hotel' as const,
            supplier_id: supplier('song-kol'),
            service: 'Юрта',
            meal_plan: 'FB' as const,
            check_in: addDays(start, 1),
            nights: 2,
          },
          price(ids.get('yurt-dinner')!, addDays(start, 1)),
        ]
      : []),
    price(ids.get('horse-guide')!, addDays(start, 1), 2),
    price(ids.get('guide')!, start, 4),
    price(ids.get('felt')!, addDays(start, summer ? 3 : 2)),
  ];

/**
 * Costings of the Kyrgyz prepared tours (next summer, and the Issyk-Kul weekend in the off-season
 * too) and of the two Kyrgyz departures ahead, in som at today's rates. None is applied.
 */
export async function seedCostings(
  trx: Db,
  viewer: ScopeViewer,
  options: {
    today: string;
    suppliers: ReadonlyMap<SupplierKey, DemoSupplier>;
    ids: ReadonlyMap<string, number>;
    tours: readonly { id: number; title: string }[];
    trips: readonly { id: number; preparedTourId: number | null; startsOn: string }[];
  },
): Promise<number> {
  const { today, ids } = options;
  const supplier = (key: SupplierKey) => options.suppliers.get(key)!.id;
  const year = Number(today.slice(0, 4));
  const summer = `${year + 1}-07-10`;
  const base = {
    currency: 'kgs' as const,
    rate_date: today,
    markup_type: 'percent' as const,
    markup: 20,
    commission: 10,
  };
  const plans: { title: string; subject: object; lines: SaveCostingBody['lines'] }[] = [];
  const tourOf = (title: string) => options.tours.find((tour) => tour.title === title);
  const issykKul = tourOf('Иссык-Куль: выходные');
  const songKol = tourOf('Сон-Куль верхом');
  if (issykKul) {
    plans.push(
      {
        title: 'Высокий сезон',
        subject: { prepared_tour_id: issykKul.id },
        lines: ISSYK_KUL(supplier)(summer, ids),
      },
      {
        title: 'Межсезонье',
        subject: { prepared_tour_id: issykKul.id },
        lines: ISSYK_KUL(supplier)(`${year + 1}-03-13`, ids),
      },
    );
  }
  if (songKol) {
    plans.push({
      title: 'Лето, с ночёвками в юртах',
      subject: { prepared_tour_id: songKol.id },
      lines: SONG_KOL(supplier, true)(summer, ids),
    });
  }
  // The first departure ahead of each Kyrgyz tour.
  for (const [tour, programme] of [
    [issykKul, ISSYK_KUL(supplier)],
    [songKol, SONG_KOL(supplier, false)],
  ] as const) {
    if (!tour) continue;
    const trip = options.trips.find((t) => t.preparedTourId === tour.id && t.startsOn > today);
    if (!trip) continue;
    plans.push({
      title: 'По прайс-листам',
      subject: { trip_id: trip.id },
      lines: programme(trip.startsOn, ids),
    });
  }
  for (const plan of plans) {
    await saveCosting(trx, viewer, {
      ...base,
      ...plan.subject,
      title: plan.title,
      lines: plan.lines,
    });
  }
  return plans.length;
}
