import { sql } from 'kysely';
import {
  BOOKING_KINDS,
  CURRENCIES,
  CURRENCY_LABELS,
  CURRENCY_SYMBOLS,
  formatDate,
  HOTEL_PRICE_VARIANTS,
  MEAL_PLAN_LIST,
  MEAL_PLANS,
  PRICE_UNIT_LIST,
  PRICE_UNITS,
  PRICED_KINDS,
  priceUnitsOf,
  TICKET_PRICE_VARIANTS,
  type Currency,
  type MealPlan,
  type PricedKind,
  type PriceUnit,
  type ValidationErrors,
} from '@tour/core';
import type { Db } from '../../db/database';
import { HttpError, notFound, validationError } from '../../lib/http-errors';
import { xlsxOf, type XlsxColumn } from '../../lib/xlsx';
import type { ScopeViewer } from '../../domain/reach';
import { safeFileName } from '../../domain/papers/file-name';
import { xlsxCompany } from '../company/service';
import {
  importDay,
  readImportSheet,
  type ImportColumn,
  type SheetRow,
} from '../../lib/xlsx-import';
import * as repo from './repository';
import { deletePrice, PRICE_MESSAGES, priceJson, savePrice } from './service';
import {
  MAX_SUPPLIER_PRICES,
  type PriceImportMode,
  type PriceImportResultJson,
  type SaveSupplierPriceBody,
  type SupplierPriceJson,
} from '@tour/core/contract/price-lists';

// A supplier's price list as a spreadsheet (issue 33): the export a person edits in Excel, and
// the import that takes it back. The columns are the same both ways, with readable values (the
// kind's name, «DBL», «BB — завтраки», «до 4 мест», «за машину»); the import reads those, and the
// codes too. An import is all or nothing: every row goes through the single price's own service
// (the same checks, the same history), and one refused row leaves the list as it was.

type Field =
  | 'kind'
  | 'service'
  | 'variant'
  | 'meal_plan'
  | 'capacity'
  | 'unit'
  | 'valid_from'
  | 'valid_to'
  | 'price'
  | 'currency'
  | 'notes';

export const PRICE_SHEET = 'Прайс-лист';

/** The sheet's columns as the import finds them (headers compared as the imports do). */
export const PRICE_COLUMNS: readonly ImportColumn<Field>[] = [
  {
    field: 'kind',
    header: 'Вид услуг',
    required: true,
    width: 20,
    example: 'Отели',
    hint: 'Отели, Трансфер, Гид/Сопровождение, Входные билеты или Прочие расходы',
  },
  {
    field: 'service',
    header: 'Услуга',
    required: true,
    width: 36,
    example: 'Стандарт',
    hint: 'Категория номера, маршрут трансфера, гид, объект входных билетов, статья расхода',
  },
  {
    field: 'variant',
    header: 'Тип номера или билета',
    aliases: ['Тип номера', 'Вариант'],
    width: 22,
    example: 'DBL',
    hint: 'Отель: SGL, DBL, TWN, TRPL, EXB (доп. кровать), CHD (ребёнок); билеты: Взрослый, Детский',
  },
  {
    field: 'meal_plan',
    header: 'Питание',
    width: 22,
    example: 'BB — завтраки',
    hint: 'У отеля: RO, BB, HB, FB или AI',
  },
  {
    field: 'capacity',
    header: 'Мест в машине',
    width: 16,
    example: 'до 4 мест',
    hint: 'У трансфера: «до 4 мест» или просто 4',
  },
  {
    field: 'unit',
    header: 'За что цена',
    width: 20,
    example: 'за номер в ночь',
    hint: 'У прочих расходов: за человека или за группу; у остальных видов — по виду',
  },
  {
    field: 'valid_from',
    header: 'Сезон с',
    required: true,
    kind: 'date',
    width: 12,
    example: '2027-01-10',
    hint: 'ДД.ММ.ГГГГ',
  },
  {
    field: 'valid_to',
    header: 'Сезон по',
    required: true,
    kind: 'date',
    width: 12,
    example: '2027-05-31',
    hint: 'ДД.ММ.ГГГГ, включительно',
  },
  {
    field: 'price',
    header: 'Цена',
    required: true,
    kind: 'number',
    width: 14,
    example: 70.5,
    hint: 'Число, например 1500.50',
  },
  {
    field: 'currency',
    header: 'Валюта',
    required: true,
    width: 9,
    example: 'USD',
    hint: 'KGS, USD, EUR или JPY',
  },
  { field: 'notes', header: 'Примечание', width: 40, example: null, hint: 'Необязательно' },
];

const headerOf = (field: Field) => PRICE_COLUMNS.find((column) => column.field === field)!.header;

/** «до 1 места», «до 4 мест», «до 21 места»: how a car's capacity reads. */
export function capacityText(places: number): string {
  const lastTwo = places % 100;
  const one = places % 10 === 1 && lastTwo !== 11;
  return `до ${places} ${one ? 'места' : 'мест'}`;
}

/** A price's variant as the sheet writes it: a room type's code, a ticket's category. */
function variantText(price: SupplierPriceJson): string | null {
  if (price.variant === null) return null;
  if (price.kind === 'activity' && Object.hasOwn(TICKET_PRICE_VARIANTS, price.variant)) {
    return TICKET_PRICE_VARIANTS[price.variant as keyof typeof TICKET_PRICE_VARIANTS].label;
  }
  return price.variant;
}

const EXPORT_COLUMNS: XlsxColumn<SupplierPriceJson>[] = [
  { field: 'kind', value: (p: SupplierPriceJson) => BOOKING_KINDS[p.kind].label },
  { field: 'service', value: (p: SupplierPriceJson) => p.service },
  { field: 'variant', value: variantText },
  {
    field: 'meal_plan',
    value: (p: SupplierPriceJson) => (p.meal_plan ? MEAL_PLANS[p.meal_plan].label : null),
  },
  {
    field: 'capacity',
    value: (p: SupplierPriceJson) => (p.capacity === null ? null : capacityText(p.capacity)),
  },
  { field: 'unit', value: (p: SupplierPriceJson) => PRICE_UNITS[p.unit].label },
  { field: 'valid_from', kind: 'date', value: (p: SupplierPriceJson) => p.valid_from },
  { field: 'valid_to', kind: 'date', value: (p: SupplierPriceJson) => p.valid_to },
  { field: 'price', kind: 'amount', value: (p: SupplierPriceJson) => p.price },
  { field: 'currency', value: (p: SupplierPriceJson) => p.currency.toUpperCase() },
  { field: 'notes', value: (p: SupplierPriceJson) => p.notes },
].map(({ field, ...column }) => ({
  ...column,
  header: headerOf(field as Field),
  width: PRICE_COLUMNS.find((c) => c.field === field)!.width,
})) as XlsxColumn<SupplierPriceJson>[];

async function supplierName(db: Db, supplierId: number): Promise<string> {
  const supplier = await db
    .selectFrom('suppliers')
    .select('name')
    .where('id', '=', supplierId)
    .executeTakeFirst();
  if (!supplier) throw notFound(PRICE_MESSAGES.supplierNotFound);
  return supplier.name;
}

/** GET /admin/supplier/:id/prices/xlsx: the whole list, as the screen orders it. */
export async function priceListWorkbook(db: Db, supplierId: number) {
  const name = await supplierName(db, supplierId);
  const prices = (await repo.pricesOf(db, supplierId, {})).map(priceJson);
  const content = await xlsxOf(await xlsxCompany(db), PRICE_SHEET, EXPORT_COLUMNS, prices);
  return {
    name: safeFileName(`Прайс-лист — ${name}`, `price-list-${supplierId}`, '.xlsx'),
    asciiName: `price-list-${supplierId}.xlsx`,
    content,
  };
}

// ---------------------------------------------------------------------------------------------
// The import

export const PRICE_IMPORT_MESSAGES = {
  rejected: (rows: number) =>
    `В файле ошибки (строк с ошибками: ${rows}): ничего не загружено. Исправьте их и загрузите ` +
    'файл снова',
  row: (row: number, message: string) => `Строка ${row}: ${lowerFirst(message)}`,
  more: (count: number) => `…и ещё ошибок: ${count}`,
  tooManyRows: `В файле больше ${MAX_SUPPLIER_PRICES} цен: столько не может быть у поставщика`,
  kindRequired: 'Укажите вид услуг',
  kindUnknown: (text: string) =>
    `Вид услуг «${text}» не распознан: пишите Отели, Трансфер, Гид/Сопровождение, ` +
    'Входные билеты или Прочие расходы',
  variantUnknown: (text: string) => `Тип номера или билета «${text}» не распознан`,
  mealPlanUnknown: (text: string) =>
    `Питание «${text}» не распознано: пишите RO, BB, HB, FB или AI`,
  capacityUnknown: (text: string) => `Мест в машине «${text}» — не число: пишите «до 4 мест» или 4`,
  unitRequired: 'Укажите, за что цена: за человека или за группу',
  unitUnknown: (text: string) => `«${text}» — не единица цены: пишите, например, «за человека»`,
  dateUnknown: (header: string, text: string) =>
    `«${header}»: дата «${text}» не распознана, пишите ДД.ММ.ГГГГ`,
  dateRequired: (header: string) => `Заполните «${header}»`,
  priceRequired: 'Укажите цену',
  currencyRequired: 'Укажите валюту: KGS, USD, EUR или JPY',
  currencyUnknown: (text: string) => `Валюта «${text}» не распознана: пишите KGS, USD, EUR или JPY`,
  overlapInFile: (row: number, from: string, to: string) =>
    `Сезон пересекается со строкой ${row} (та же услуга с ${formatDate(from)} по ${formatDate(to)})`,
} as const;

/** The most row messages one refusal lists (a wrong file would otherwise list thousands). */
const MAX_LISTED = 100;

function lowerFirst(text: string): string {
  // «SGL…», «Сезон…»: an abbreviation keeps its capitals.
  const [first, second] = [...text];
  if (!first || !second || second !== second.toLowerCase()) return text;
  return first.toLowerCase() + text.slice(first.length);
}

/** Text as compared: lower case, «ё» as «е», dashes and spaces evened out. */
const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[‐-―−]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

function lookupOf<Key extends string>(entries: [Key, string[]][]): (text: string) => Key | null {
  const map = new Map<string, Key>();
  for (const [key, names] of entries) for (const name of [key, ...names]) map.set(plain(name), key);
  return (text) => map.get(plain(text)) ?? null;
}

const kindOf = lookupOf<PricedKind>(
  PRICED_KINDS.map((kind) => [
    kind,
    [
      BOOKING_KINDS[kind].label,
      ...({
        hotel: ['Отель', 'Гостиница', 'Проживание'],
        transfer: ['Трансферы', 'Транспорт'],
        guide: ['Гид', 'Гиды', 'Сопровождение'],
        activity: ['Билеты', 'Входной билет', 'Экскурсии'],
        tour_expense: ['Прочее', 'Прочий расход', 'Расходы'],
      }[kind] ?? []),
    ],
  ]),
);

const hotelVariantOf = lookupOf(
  Object.entries(HOTEL_PRICE_VARIANTS).map(([code, { label }]) => [
    code,
    [
      label,
      ...(code === 'EXB' ? ['Доп. кровать', 'Доп кровать'] : code === 'CHD' ? ['Ребенок'] : []),
    ],
  ]),
);
const ticketVariantOf = lookupOf(
  Object.entries(TICKET_PRICE_VARIANTS).map(([code, { label }]) => [
    code,
    [label, code === 'adult' ? 'Взрослые' : 'Дети'],
  ]),
);

/** «BB», «BB — завтраки», «завтраки». */
const mealPlanOf = lookupOf<MealPlan>(
  MEAL_PLAN_LIST.map((plan) => {
    const label = MEAL_PLANS[plan].label;
    return [plan, [label, label.split('—')[1]?.trim() ?? label]];
  }),
);

const unitOf = lookupOf<PriceUnit>(
  PRICE_UNIT_LIST.map((unit) => [
    unit,
    [PRICE_UNITS[unit].label, PRICE_UNITS[unit].label.replace(/^за /, '')],
  ]),
);

const currencyOf = lookupOf<Currency>(
  CURRENCIES.map((currency) => [
    currency,
    [
      CURRENCY_LABELS[currency],
      CURRENCY_SYMBOLS[currency],
      ...(currency === 'kgs' ? ['сом', 'сомы', 'с'] : []),
    ],
  ]),
);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A row's cells as the single price's body, or its own messages (what the cells cannot say). */
export function rowBody(
  cells: Record<Field, string>,
): { body: SaveSupplierPriceBody } | { errors: string[] } {
  const errors: string[] = [];
  const kind = cells.kind === '' ? null : kindOf(cells.kind);
  if (cells.kind === '') errors.push(PRICE_IMPORT_MESSAGES.kindRequired);
  else if (kind === null) errors.push(PRICE_IMPORT_MESSAGES.kindUnknown(cells.kind));

  let variant: string | null = cells.variant || null;
  if (variant !== null && (kind === 'hotel' || kind === 'activity')) {
    const known = kind === 'hotel' ? hotelVariantOf(variant) : ticketVariantOf(variant);
    if (known === null) errors.push(PRICE_IMPORT_MESSAGES.variantUnknown(variant));
    variant = known;
  }

  let mealPlan: MealPlan | null = null;
  if (cells.meal_plan !== '') {
    mealPlan = mealPlanOf(cells.meal_plan) ?? mealPlanOf(cells.meal_plan.split(/[\s—-]/)[0]!);
    if (mealPlan === null) errors.push(PRICE_IMPORT_MESSAGES.mealPlanUnknown(cells.meal_plan));
  }

  let capacity: number | null = null;
  if (cells.capacity !== '') {
    const digits = /\d+/.exec(cells.capacity);
    if (!digits || Number(digits[0]) < 1 || Number(digits[0]) > 100) {
      errors.push(PRICE_IMPORT_MESSAGES.capacityUnknown(cells.capacity));
    } else capacity = Number(digits[0]);
  }

  let unit: PriceUnit | null = null;
  if (cells.unit !== '') {
    unit = unitOf(cells.unit);
    if (unit === null) errors.push(PRICE_IMPORT_MESSAGES.unitUnknown(cells.unit));
  } else if (kind !== null) {
    const units = priceUnitsOf(kind, variant);
    // A hotel without a known room type: the service's own message says what is missing.
    if (units.length === 1) unit = units[0]!;
    else if (kind === 'tour_expense') errors.push(PRICE_IMPORT_MESSAGES.unitRequired);
  }

  const day = (field: 'valid_from' | 'valid_to'): string | null => {
    const header = headerOf(field);
    if (cells[field] === '') {
      errors.push(PRICE_IMPORT_MESSAGES.dateRequired(header));
      return null;
    }
    const iso = importDay(cells[field]);
    if (isDay(iso)) return iso;
    errors.push(PRICE_IMPORT_MESSAGES.dateUnknown(header, cells[field]));
    return null;
  };
  const validFrom = day('valid_from');
  const validTo = day('valid_to');

  // «1 500,50» as a person types it: the service's amount rules do the rest.
  const price = cells.price.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (price === '') errors.push(PRICE_IMPORT_MESSAGES.priceRequired);

  let currency: Currency | null = null;
  if (cells.currency === '') errors.push(PRICE_IMPORT_MESSAGES.currencyRequired);
  else {
    currency = currencyOf(cells.currency);
    if (currency === null) errors.push(PRICE_IMPORT_MESSAGES.currencyUnknown(cells.currency));
  }

  if (errors.length > 0 || kind === null || currency === null || !validFrom || !validTo) {
    return { errors };
  }
  return {
    body: {
      kind,
      service: cells.service,
      variant,
      meal_plan: mealPlan,
      capacity,
      // A hotel's room type the service refuses says so; the unit is then its own concern.
      unit: unit ?? 'room_night',
      currency,
      price,
      valid_from: validFrom,
      valid_to: validTo,
      notes: cells.notes || null,
    },
  };
}

/** The service's refusal as a row's messages; anything else is no refusal. */
function refusalMessages(error: unknown): string[] | null {
  if (!(error instanceof HttpError) || error.statusCode !== 422) return null;
  const errors: ValidationErrors = error.errors ?? {};
  // An amount's messages do not say which amount («Должно быть больше нуля»): the column does.
  const messages = Object.entries(errors).flatMap(([field, texts]) =>
    field === 'price' ? texts.map((text) => `${headerOf('price')} — ${lowerFirst(text)}`) : texts,
  );
  return messages.length > 0 ? messages : [error.message];
}

/** The same service, for the check of seasons within the file. */
const sameService = (body: SaveSupplierPriceBody) =>
  [
    body.kind,
    body.service.trim().toLowerCase(),
    body.variant ?? '',
    body.meal_plan ?? '',
    body.capacity ?? '',
    body.currency,
  ].join('\u0000');

/**
 * POST /admin/supplier/:id/prices/import, inside the caller's transaction: with «replace» every
 * price of the supplier deleted first (each in its history, as a deletion by hand); then every
 * row through the single price's service behind a savepoint, so each row's refusal is collected
 * and the rest are still checked; any refusal ends it in one 422 listing every row's messages,
 * and the caller's transaction takes back everything, deletions included.
 */
export async function importPriceList(
  trx: Db,
  viewer: ScopeViewer,
  supplierId: number,
  file: unknown,
  mode: PriceImportMode,
): Promise<PriceImportResultJson> {
  // The supplier first: 404 before the file is read.
  await supplierName(trx, supplierId);
  const rows: SheetRow<Field>[] = await readImportSheet(file, PRICE_COLUMNS);
  if (rows.length > MAX_SUPPLIER_PRICES) {
    throw validationError({ file: [PRICE_IMPORT_MESSAGES.tooManyRows] });
  }
  await repo.lockSupplier(trx, supplierId);

  let replaced = 0;
  if (mode === 'replace') {
    for (const price of await repo.pricesOf(trx, supplierId, {})) {
      await deletePrice(trx, viewer, price.id);
      replaced += 1;
    }
  }

  const messages: string[] = [];
  const rowsWithErrors = new Set<number>();
  const refuse = (row: number, texts: string[]) => {
    rowsWithErrors.add(row);
    for (const text of texts) messages.push(PRICE_IMPORT_MESSAGES.row(row, text));
  };
  const seasons = new Map<string, { row: number; from: string; to: string }[]>();
  let added = 0;
  for (const { row, cells } of rows) {
    const parsed = rowBody(cells);
    if ('errors' in parsed) {
      refuse(row, parsed.errors);
      continue;
    }
    const { body } = parsed;
    const key = sameService(body);
    const earlier = (seasons.get(key) ?? []).find(
      (season) => season.from <= body.valid_to && season.to >= body.valid_from,
    );
    if (earlier) {
      refuse(row, [PRICE_IMPORT_MESSAGES.overlapInFile(earlier.row, earlier.from, earlier.to)]);
      continue;
    }
    await sql`savepoint price_row`.execute(trx);
    try {
      await savePrice(trx, viewer, { supplierId, id: null }, body);
      await sql`release savepoint price_row`.execute(trx);
      added += 1;
      seasons.set(key, [
        ...(seasons.get(key) ?? []),
        { row, from: body.valid_from, to: body.valid_to },
      ]);
    } catch (error) {
      const refusal = refusalMessages(error);
      if (!refusal) throw error;
      await sql`rollback to savepoint price_row`.execute(trx);
      refuse(row, refusal);
    }
  }
  if (messages.length > 0) {
    const listed = messages.slice(0, MAX_LISTED);
    if (messages.length > MAX_LISTED) {
      listed.push(PRICE_IMPORT_MESSAGES.more(messages.length - MAX_LISTED));
    }
    throw validationError({ file: listed }, PRICE_IMPORT_MESSAGES.rejected(rowsWithErrors.size));
  }

  return { mode, added, replaced };
}
