import type { BookingKind } from '../booking/kinds';

// Supplier price lists (issue 33, DESIGN.md 9 "Pricing"): what each kind of service is priced
// per, shared by the API (which refuses anything else) and the screens (which offer only these).

/** What one price pays for. */
export const PRICE_UNITS = {
  room_night: { label: 'за номер в ночь' },
  person_night: { label: 'за человека в ночь' },
  car: { label: 'за машину' },
  day: { label: 'за день' },
  person: { label: 'за человека' },
  group: { label: 'за группу' },
} as const;
export type PriceUnit = keyof typeof PRICE_UNITS;
export const PRICE_UNIT_LIST = Object.keys(PRICE_UNITS) as PriceUnit[];

/** The kinds a price list prices (flights and insurance are bought per booking, not listed). */
export const PRICED_KINDS = ['hotel', 'transfer', 'guide', 'activity', 'tour_expense'] as const;
export type PricedKind = (typeof PRICED_KINDS)[number];

/**
 * A hotel's prices: a room per night by its type, an extra bed or a child per person per night.
 * The room types are the bookings' (ROOM_TYPES), so a costing's room is a booking's room.
 */
export const HOTEL_PRICE_VARIANTS = {
  SGL: { label: 'SGL — одноместный', unit: 'room_night', places: 1 },
  DBL: { label: 'DBL — двухместный, одна кровать', unit: 'room_night', places: 2 },
  TWN: { label: 'TWN — двухместный, две кровати', unit: 'room_night', places: 2 },
  TRPL: { label: 'TRPL — трёхместный', unit: 'room_night', places: 3 },
  EXB: { label: 'Дополнительная кровать', unit: 'person_night', places: 1 },
  CHD: { label: 'Ребёнок', unit: 'person_night', places: 1 },
} as const satisfies Record<string, { label: string; unit: PriceUnit; places: number }>;
export type HotelPriceVariant = keyof typeof HOTEL_PRICE_VARIANTS;

/** An entrance ticket's prices: an adult's and a child's. */
export const TICKET_PRICE_VARIANTS = {
  adult: { label: 'Взрослый', unit: 'person' },
  child: { label: 'Детский', unit: 'person' },
} as const satisfies Record<string, { label: string; unit: PriceUnit }>;
export type TicketPriceVariant = keyof typeof TICKET_PRICE_VARIANTS;

/** The variants a kind's price names (none: the kind has one price per service). */
export function priceVariantsOf(kind: PricedKind): readonly string[] {
  if (kind === 'hotel') return Object.keys(HOTEL_PRICE_VARIANTS);
  if (kind === 'activity') return Object.keys(TICKET_PRICE_VARIANTS);
  return [];
}

/** The units a kind's price may be in: one, fixed by its variant, except another expense's. */
export function priceUnitsOf(kind: PricedKind, variant: string | null): readonly PriceUnit[] {
  switch (kind) {
    case 'hotel':
      return variant !== null && Object.hasOwn(HOTEL_PRICE_VARIANTS, variant)
        ? [HOTEL_PRICE_VARIANTS[variant as HotelPriceVariant].unit]
        : [];
    case 'transfer':
      return ['car'];
    case 'guide':
      return ['day'];
    case 'activity':
      return ['person'];
    case 'tour_expense':
      return ['person', 'group'];
  }
}

/** True when `kind` is one a price list prices. */
export function isPricedKind(kind: BookingKind | string): kind is PricedKind {
  return (PRICED_KINDS as readonly string[]).includes(kind);
}
