import {
  formatAmount,
  normalizeAmount,
  type Currency,
  type ItineraryDay,
  type PreparedTour,
  type ValidationErrors,
} from '@tour/shared';
import type { SaveTourBody } from '../api/tours-api';

/** What agents are offered: nothing set, their own price, or a commission in percent. */
export type AgentTerms = 'none' | 'price' | 'commission';

/** The tour form's values: the API's fields, amounts as typed, blanks as ''. */
export interface TourFormValues {
  title: string;
  key: string;
  country: string;
  cities: string[];
  days: number | null;
  itinerary: ItineraryDay[];
  included: string[];
  not_included: string[];
  base_price: string;
  currency: Currency;
  agent_terms: AgentTerms;
  agent_price: string;
  agent_commission: number | null;
  published: boolean;
  /** «Памятка туристу», as typed. */
  memo: string;
}

/** The values of a new tour's form. */
export function emptyTourForm(): TourFormValues {
  return {
    title: '',
    key: '',
    country: '',
    cities: [],
    days: 1,
    itinerary: [],
    included: [],
    not_included: [],
    base_price: '',
    currency: 'usd',
    agent_terms: 'none',
    agent_price: '',
    agent_commission: null,
    published: false,
    memo: '',
  };
}

/** The form's values of a stored tour. */
export function tourFormValues(tour: PreparedTour): TourFormValues {
  return {
    title: tour.title,
    key: tour.key,
    country: tour.country,
    cities: tour.cities,
    days: tour.days,
    itinerary: tour.itinerary.map(({ title, description }) => ({ title, description })),
    included: tour.included,
    not_included: tour.not_included,
    base_price: String(tour.base_price),
    currency: tour.currency,
    agent_terms:
      tour.agent_price !== null ? 'price' : tour.agent_commission !== null ? 'commission' : 'none',
    agent_price: tour.agent_price === null ? '' : String(tour.agent_price),
    agent_commission: tour.agent_commission,
    published: tour.published,
    memo: tour.memo ?? '',
  };
}

const lines = (values: readonly string[] | undefined) =>
  (values ?? []).map((value) => value.trim()).filter(Boolean);

/**
 * The POST/PUT body of the form's values. The number of days is the itinerary's length whenever
 * there is an itinerary (the server refuses a mismatch); only the chosen agent term is sent.
 */
export function saveBodyOf(values: TourFormValues): SaveTourBody {
  const itinerary = (values.itinerary ?? []).map((day) => ({
    title: (day?.title ?? '').trim(),
    description: (day?.description ?? '').trim(),
  }));
  const terms = values.agent_terms;
  return {
    title: values.title.trim(),
    key: values.key.trim(),
    country: values.country.trim(),
    cities: lines(values.cities),
    days: itinerary.length > 0 ? itinerary.length : (values.days ?? 0),
    itinerary,
    included: lines(values.included),
    not_included: lines(values.not_included),
    base_price: normalizeAmount(values.base_price ?? ''),
    currency: values.currency,
    agent_price: terms === 'price' ? normalizeAmount(values.agent_price ?? '') : null,
    agent_commission: terms === 'commission' ? (values.agent_commission ?? null) : null,
    published: values.published,
    // Blank: no memo (the server keeps none; the pack is printed without it).
    memo: values.memo?.trim() ? values.memo : null,
  };
}

/** A field of the form, as antd names it: `title`, or `['itinerary', 1, 'title']`. */
export type TourFieldName = keyof TourFormValues | ['itinerary', number, 'title' | 'description'];

const PLAIN_FIELDS: readonly (keyof TourFormValues)[] = [
  'title',
  'key',
  'country',
  'cities',
  'days',
  'included',
  'not_included',
  'base_price',
  'currency',
  'agent_price',
  'agent_commission',
  'published',
  'memo',
];

/** The server's errors split into those of a field on screen and the rest (for the form's alert). */
export interface SplitErrors {
  fields: { name: TourFieldName; errors: string[] }[];
  other: string[];
}

/** The form field a server error key belongs to (`cities.0` -> cities), or null. */
function fieldOf(key: string, terms: AgentTerms): TourFieldName | null {
  const day = /^itinerary\.(\d+)\.(title|description)$/.exec(key);
  if (day) return ['itinerary', Number(day[1]), day[2] as 'title' | 'description'];
  const field = key.split('.')[0] as keyof TourFormValues;
  if (!PLAIN_FIELDS.includes(field)) return null;
  // An agent term's field is on screen only while that term is chosen.
  if (field === 'agent_price' && terms !== 'price') return null;
  if (field === 'agent_commission' && terms !== 'commission') return null;
  return field;
}

/** Sorts the server's errors by the field that shows them; the itinerary's by day. */
export function splitServerErrors(
  errors: ValidationErrors,
  terms: AgentTerms,
  days: number,
): SplitErrors {
  const byField = new Map<string, { name: TourFieldName; errors: string[] }>();
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
    const name = fieldOf(key, terms);
    if (name === null || (Array.isArray(name) && name[1] >= days)) {
      other.push(...list);
      continue;
    }
    const id = Array.isArray(name) ? name.join('.') : name;
    const entry = byField.get(id) ?? { name, errors: [] };
    entry.errors.push(...list);
    byField.set(id, entry);
  }
  return {
    fields: [...byField.values()].map(({ name, errors: list }) => ({
      name,
      errors: [...new Set(list)],
    })),
    other: [...new Set(other)],
  };
}

/** A commission as a person reads it: 12.5 -> "12,5 %". */
export function commissionText(percent: number): string {
  return `${String(percent).replace('.', ',')}\u00a0%`;
}

/** What agents are offered, for the list: their price, their commission, or null. */
export function agentTermsText(
  tour: Pick<PreparedTour, 'agent_price' | 'agent_commission' | 'currency'>,
): string | null {
  if (tour.agent_price !== null) return `Цена ${formatAmount(tour.agent_price, tour.currency)}`;
  if (tour.agent_commission !== null) return `Комиссия ${commissionText(tour.agent_commission)}`;
  return null;
}
