import {
  formatAmount,
  formatDate,
  PRICE_UNITS,
  priceUnitsOf,
  priceVariantsOf,
  type PricedKind,
} from '@tour/core';
import type { Db } from '../../db/database';
import type { FieldChange } from '../../db/schema';
import { minorUnitsOf, parseMajorAmount } from '../../lib/amount';
import { storedCurrency } from '../../lib/currency';
import { FieldErrors } from '../../lib/field-errors';
import { notFound, validationError } from '../../lib/http-errors';
import { changedFields, recordChanges } from '../../domain/history';
import { majorNumber } from '../../domain/money';
import type { ScopeViewer } from '../../domain/reach';
import * as repo from './repository';
import {
  MAX_SUPPLIER_PRICES,
  type SaveSupplierPriceBody,
  type SupplierPriceJson,
  type SupplierPriceListQuery,
} from '@tour/core/contract/price-lists';

export const PRICE_MESSAGES = {
  supplierNotFound: 'Поставщик не найден',
  notFound: 'Цена не найдена',
  kindNotSupplied: 'Поставщик не оказывает услуги этого вида: отметьте вид в карточке поставщика',
  serviceRequired: 'Укажите услугу',
  serviceTooLong: 'Услуга — не больше 200 символов',
  roomTypeRequired: 'Укажите тип номера: SGL, DBL, TWN, TRPL, доп. кровать или ребёнок',
  ticketRequired: 'Укажите категорию билета: взрослый или детский',
  variantNotAllowed: 'У этого вида услуг нет вариантов цены',
  mealPlanRequired: 'Укажите питание',
  mealPlanNotAllowed: 'Питание указывается только у отеля',
  capacityRequired: 'Укажите число мест в машине',
  capacityNotAllowed: 'Число мест указывается только у трансфера',
  unit: (units: readonly string[]) =>
    `Цена этой услуги — ${units.map((unit) => PRICE_UNITS[unit as keyof typeof PRICE_UNITS].label).join(' или ')}`,
  seasonOrder: 'Конец сезона не может быть раньше его начала',
  seasonOverlap: (from: string, to: string) =>
    `Сезон пересекается с ценой той же услуги с ${formatDate(from)} по ${formatDate(to)}`,
  tooMany: `У поставщика может быть не больше ${MAX_SUPPLIER_PRICES} цен`,
  notesTooLong: 'Примечание — не больше 1000 символов',
} as const;

type PriceRow = NonNullable<Awaited<ReturnType<typeof repo.findPrice>>>;

export function priceJson(row: PriceRow): SupplierPriceJson {
  const currency = storedCurrency(row.currency);
  return {
    id: row.id,
    supplier_id: row.supplier_id,
    kind: row.kind as SupplierPriceJson['kind'],
    service: row.service,
    variant: row.variant,
    meal_plan: row.meal_plan as SupplierPriceJson['meal_plan'],
    capacity: row.capacity,
    unit: row.unit as SupplierPriceJson['unit'],
    currency,
    price: majorNumber(row.price, currency),
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    notes: row.notes,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** GET /admin/supplier/:id/prices: every price of the supplier, or of a kind, or valid on a day. */
export async function listPrices(
  db: Db,
  supplierId: number,
  query: SupplierPriceListQuery,
): Promise<SupplierPriceJson[]> {
  const supplier = await db
    .selectFrom('suppliers')
    .select('id')
    .where('id', '=', supplierId)
    .executeTakeFirst();
  if (!supplier) throw notFound(PRICE_MESSAGES.supplierNotFound);
  return (await repo.pricesOf(db, supplierId, query)).map(priceJson);
}

const text = (value: string | null | undefined) => value?.trim() || null;

/** The body's values as stored, or every field's Russian message. */
function valuesOf(body: SaveSupplierPriceBody, supplierKinds: readonly string[]): repo.PriceValues {
  const errors = new FieldErrors();
  const kind: PricedKind = body.kind;
  if (!supplierKinds.includes(kind)) errors.add('kind', PRICE_MESSAGES.kindNotSupplied);
  const service = body.service.trim();
  if (service === '') errors.add('service', PRICE_MESSAGES.serviceRequired);
  else if (service.length > 200) errors.add('service', PRICE_MESSAGES.serviceTooLong);

  const variants = priceVariantsOf(kind);
  const variant = text(body.variant);
  if (variants.length === 0 && variant !== null) {
    errors.add('variant', PRICE_MESSAGES.variantNotAllowed);
  } else if (variants.length > 0 && (variant === null || !variants.includes(variant))) {
    errors.add(
      'variant',
      kind === 'hotel' ? PRICE_MESSAGES.roomTypeRequired : PRICE_MESSAGES.ticketRequired,
    );
  }
  const mealPlan = body.meal_plan ?? null;
  if (kind === 'hotel' && mealPlan === null)
    errors.add('meal_plan', PRICE_MESSAGES.mealPlanRequired);
  if (kind !== 'hotel' && mealPlan !== null) {
    errors.add('meal_plan', PRICE_MESSAGES.mealPlanNotAllowed);
  }
  const capacity = body.capacity ?? null;
  if (kind === 'transfer' && capacity === null) {
    errors.add('capacity', PRICE_MESSAGES.capacityRequired);
  }
  if (kind !== 'transfer' && capacity !== null) {
    errors.add('capacity', PRICE_MESSAGES.capacityNotAllowed);
  }
  // A hotel's unit follows its room type; a wrong variant's message says enough already.
  const units = priceUnitsOf(kind, variant);
  if (units.length > 0 && !units.includes(body.unit)) {
    errors.add('unit', PRICE_MESSAGES.unit(units));
  }

  const amount = parseMajorAmount(body.price);
  const price = 'error' in amount ? amount : minorUnitsOf(amount, body.currency);
  if (typeof price !== 'number') errors.add('price', price.error);
  if (body.valid_to < body.valid_from) errors.add('valid_to', PRICE_MESSAGES.seasonOrder);
  const notes = text(body.notes);
  if (notes && notes.length > 1000) errors.add('notes', PRICE_MESSAGES.notesTooLong);
  errors.throwIfAny();
  return {
    kind,
    service,
    variant,
    meal_plan: mealPlan,
    capacity,
    unit: body.unit,
    currency: body.currency,
    price: price as number,
    valid_from: body.valid_from,
    valid_to: body.valid_to,
    notes,
  };
}

const HISTORY_FIELDS = [
  'kind',
  'service',
  'variant',
  'meal_plan',
  'capacity',
  'unit',
  'currency',
  'price',
  'valid_from',
  'valid_to',
  'notes',
] as const;

/**
 * The changes as a person reads them in the supplier's «История»: a price with its currency
 * («$125,00», kept in minor units), whatever currency each side was in.
 */
function readable(
  changes: FieldChange[],
  before: Pick<PriceRow, 'currency'> | null,
  after: Pick<PriceRow, 'currency'> | null,
): FieldChange[] {
  const amount = (value: unknown, side: Pick<PriceRow, 'currency'> | null) => {
    if (typeof value !== 'number' || !side) return value;
    const currency = storedCurrency(side.currency);
    return formatAmount(majorNumber(value, currency), currency);
  };
  return changes.map((change) =>
    change.field === 'price'
      ? { ...change, old: amount(change.old, before), new: amount(change.new, after) }
      : change,
  );
}

async function lockedSupplier(trx: Db, supplierId: number) {
  const supplier = await repo.lockSupplier(trx, supplierId);
  if (!supplier) throw notFound(PRICE_MESSAGES.supplierNotFound);
  return supplier;
}

/**
 * POST /admin/supplier/:id/prices (id null) and PUT /admin/supplier-price/:id, inside the
 * caller's transaction: the checks (a season meeting another of the same service is refused, so a
 * costing's night finds one price), the row and the supplier's history.
 */
export async function savePrice(
  trx: Db,
  viewer: ScopeViewer,
  target: { supplierId: number; id: null } | { id: number },
  body: SaveSupplierPriceBody,
): Promise<SupplierPriceJson> {
  const before = target.id === null ? null : await repo.findPrice(trx, target.id);
  if (target.id !== null && !before) throw notFound(PRICE_MESSAGES.notFound);
  const supplierId = before ? before.supplier_id : (target as { supplierId: number }).supplierId;
  const supplier = await lockedSupplier(trx, supplierId);
  const values = valuesOf(body, supplier.kinds);
  if (before === null && (await repo.countPrices(trx, supplierId)) >= MAX_SUPPLIER_PRICES) {
    throw validationError({ kind: [PRICE_MESSAGES.tooMany] });
  }
  const overlap = await repo.overlappingPrice(trx, supplierId, values, target.id);
  if (overlap) {
    throw validationError({
      valid_from: [PRICE_MESSAGES.seasonOverlap(overlap.valid_from, overlap.valid_to)],
    });
  }
  const id = target.id ?? (await repo.insertPrice(trx, supplierId, viewer.id, values));
  if (target.id !== null) await repo.updatePrice(trx, id, values);
  const after = (await repo.findPrice(trx, id))!;
  await recordChanges(trx, [
    {
      record: { type: 'supplier', id: supplierId },
      entity: { type: 'supplier_price', id },
      action: before ? 'updated' : 'created',
      changes: readable(
        changedFields(before ?? null, after, HISTORY_FIELDS),
        before ?? null,
        after,
      ),
      userId: viewer.id,
    },
  ]);
  return priceJson(after);
}

/** DELETE /admin/supplier-price/:id: the price goes; the supplier's history keeps what it was. */
export async function deletePrice(trx: Db, viewer: ScopeViewer, id: number): Promise<void> {
  const before = await repo.findPrice(trx, id);
  if (!before) throw notFound(PRICE_MESSAGES.notFound);
  await lockedSupplier(trx, before.supplier_id);
  await repo.deletePrice(trx, id);
  await recordChanges(trx, [
    {
      record: { type: 'supplier', id: before.supplier_id },
      entity: { type: 'supplier_price', id },
      action: 'deleted',
      // What it was, each field to nothing.
      changes: readable(
        HISTORY_FIELDS.filter((field) => before[field] !== null).map((field) => ({
          field,
          old: before[field],
          new: null,
        })),
        before,
        null,
      ),
      userId: viewer.id,
    },
  ]);
}
