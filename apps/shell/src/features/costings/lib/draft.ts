import {
  DEFAULT_GROUP_SIZES,
  dayjs,
  formatDate,
  plural,
  toApiDate,
  type Costing,
  type CostingBody,
  type CostingLineBody,
  type Currency,
} from '@tour/shared';

// The costing editor's draft: what the manager has typed so far, kept in the page (never in the
// cache), sent as the preview's body after each pause, saved as a version when asked.

/** A line of the draft: its body as the API takes it and what the list calls it. */
export interface DraftLine {
  /** The line's key in the list (not sent). */
  key: string;
  body: CostingLineBody;
  /** What the manager reads: the supplier and its service, or the typed label. */
  title: string;
  /** A price-list line's supplier (not sent: its price names it), to pick another price of. */
  supplier?: { id: number; name: string };
}

/** The costing's settings, as typed (amounts and percents as decimal strings). */
export interface DraftSettings {
  currency: Currency;
  /** YYYY-MM-DD. */
  rate_date: string;
  markup_type: 'percent' | 'amount';
  markup: string;
  commission: string;
  group_sizes: number[];
}

export interface Draft {
  settings: DraftSettings;
  lines: DraftLine[];
}

let lastKey = 0;
/** A key for a new line of the list. */
export const newLineKey = () => `line-${++lastKey}`;

/** A new costing: today's rates, no markup or commission yet, the usual group sizes. */
export function emptyDraft(currency: Currency = 'usd', today = toApiDate(dayjs())): Draft {
  return {
    settings: {
      currency,
      rate_date: today,
      markup_type: 'percent',
      markup: '0',
      commission: '0',
      group_sizes: [...DEFAULT_GROUP_SIZES],
    },
    lines: [],
  };
}

/** A saved version as a new draft: its body and the names its lines were priced under. */
export function draftOfVersion(costing: Costing): Draft {
  const { body } = costing;
  return {
    settings: {
      currency: body.currency,
      rate_date: body.rate_date,
      markup_type: body.markup_type,
      markup: String(body.markup),
      commission: String(body.commission),
      group_sizes: [...(body.group_sizes ?? DEFAULT_GROUP_SIZES)],
    },
    lines: body.lines.map((line, index) => {
      const priced = costing.lines[index];
      return {
        key: newLineKey(),
        body: line,
        title: line.type === 'typed' ? line.label : (priced?.label ?? 'Услуга'),
        ...(line.type === 'price' && priced?.supplier ? { supplier: priced.supplier } : {}),
      };
    }),
  };
}

/** A decimal typed with a comma, as the API reads it. */
const decimal = (text: string) => text.trim().replace(',', '.');

/** The preview's body of a draft; null while it has nothing to price. */
export function bodyOf({ settings, lines }: Draft): CostingBody | null {
  if (lines.length === 0) return null;
  return {
    currency: settings.currency,
    rate_date: settings.rate_date,
    markup_type: settings.markup_type,
    markup: decimal(settings.markup) || '0',
    commission: decimal(settings.commission) || '0',
    group_sizes: settings.group_sizes,
    lines: lines.map((line) => line.body),
  };
}

/** The day a line's service starts (YYYY-MM-DD), or null for a typed line. */
export function lineDate(line: CostingLineBody): string | null {
  switch (line.type) {
    case 'hotel':
      return line.check_in;
    case 'transfer':
    case 'price':
      return line.date;
    case 'typed':
      return null;
  }
}

/** The lines ordered by their day (typed lines last), each day's lines in the order they were. */
export function sortedByDay(lines: readonly DraftLine[]): DraftLine[] {
  return lines
    .map((line, index) => ({ line, index, day: lineDate(line.body) ?? '9999-12-31' }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.index - b.index)
    .map(({ line }) => line);
}

/** «День 2, 31.05.2027» counted from `first` (the earliest day of the programme). */
export function dayTitle(day: string | null, first: string | null): string {
  if (day === null) return 'Без даты';
  if (first === null) return formatDate(day);
  const number = dayjs(day).diff(dayjs(first), 'day') + 1;
  return `День ${number}, ${formatDate(day)}`;
}

const nights = (count: number) => plural(count, ['ночь', 'ночи', 'ночей']);

/** What a line's own fields say besides its title: dates, nights, how many. */
export function lineFacts(line: CostingLineBody): string {
  const times =
    'quantity' in line && line.quantity && line.quantity > 1 ? ` × ${line.quantity}` : '';
  switch (line.type) {
    case 'hotel':
      return `Заезд ${formatDate(line.check_in)}, ${nights(line.nights)}, питание ${line.meal_plan}`;
    case 'transfer':
      return `${formatDate(line.date)}${times}`;
    case 'price':
      return `${formatDate(line.date)}${times}`;
    case 'typed':
      return `${line.per === 'group' ? 'За группу' : 'За человека'}${times}`;
  }
}
