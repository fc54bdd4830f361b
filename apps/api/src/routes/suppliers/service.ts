import { isBookingKind, type BookingKind } from '@tour/core';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { normalizeEmail, normalizePhone } from '../../lib/contacts';
import { FieldErrors } from '../../lib/field-errors';
import { notFound, type UniqueFields } from '../../lib/http-errors';
import { paged } from '../../lib/paging';
import { changedFields, recordChanges } from '../../domain/history';
import type { ScopeViewer } from '../../domain/reach';
import * as repo from './repository';
import {
  SUPPLIERS_PER_PAGE,
  type SaveSupplierBody,
  type SupplierJson,
  type SupplierListQuery,
} from '@tour/core/contract/suppliers';

export const SUPPLIER_MESSAGES = {
  notFound: 'Поставщик не найден',
  nameRequired: 'Укажите название поставщика',
  nameTooLong: 'Название — не больше 200 символов',
  nameTaken: 'Поставщик с таким названием уже есть',
  kindsRepeated: 'Вид услуг указан дважды',
  contactTooLong: 'Контактное лицо — не больше 200 символов',
  phoneInvalid: 'Телефон: от 5 до 15 цифр, можно с + в начале',
  emailInvalid: 'Неверный адрес почты',
  notesTooLong: 'Заметки — не больше 5000 символов',
  cityTooLong: 'Город — не больше 100 символов',
  addressTooLong: 'Адрес — не больше 500 символов',
} as const;

export const SUPPLIER_UNIQUE_FIELDS: UniqueFields = {
  suppliers_name_unique: ['name', SUPPLIER_MESSAGES.nameTaken],
};

type SupplierRow = NonNullable<Awaited<ReturnType<typeof repo.findSupplier>>>;

export function supplierJson(row: SupplierRow): SupplierJson {
  return {
    id: row.id,
    name: row.name,
    kinds: row.kinds.filter(isBookingKind),
    contact_person: row.contact_person,
    phone: row.phone,
    email: row.email,
    default_currency: row.default_currency === null ? null : storedCurrency(row.default_currency),
    notes: row.notes,
    city: row.city,
    address: row.address,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** GET /admin/suppliers: by name, with search and kind. */
export function listSuppliers(db: Db, query: SupplierListQuery) {
  const { page, per_page, ...filter } = query;
  return paged(
    { page, per_page },
    SUPPLIERS_PER_PAGE,
    (limit, offset) => repo.supplierPage(db, filter, limit, offset),
    () => repo.countSuppliers(db, filter),
    supplierJson,
  );
}

export async function getSupplier(db: Db, id: number): Promise<SupplierJson> {
  const row = await repo.findSupplier(db, id);
  if (!row) throw notFound(SUPPLIER_MESSAGES.notFound);
  return supplierJson(row);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (value: string | null | undefined) => value?.trim() || null;

/** The body's values as stored, or every field's Russian message. */
function valuesOf(body: SaveSupplierBody): repo.SupplierValues {
  const errors = new FieldErrors();
  const name = body.name.trim();
  if (name === '') errors.add('name', SUPPLIER_MESSAGES.nameRequired);
  else if (name.length > 200) errors.add('name', SUPPLIER_MESSAGES.nameTooLong);
  const kinds: BookingKind[] = [];
  for (const kind of body.kinds) {
    if (kinds.includes(kind)) errors.add('kinds', SUPPLIER_MESSAGES.kindsRepeated);
    else kinds.push(kind);
  }
  const contact = text(body.contact_person);
  if (contact && contact.length > 200)
    errors.add('contact_person', SUPPLIER_MESSAGES.contactTooLong);
  const rawPhone = text(body.phone);
  const phone = rawPhone === null ? null : normalizePhone(rawPhone);
  if (phone !== null && !/^\+?\d{5,15}$/.test(phone)) {
    errors.add('phone', SUPPLIER_MESSAGES.phoneInvalid);
  }
  const rawEmail = text(body.email);
  const email = rawEmail === null ? null : normalizeEmail(rawEmail);
  if (email !== null && !EMAIL.test(email)) errors.add('email', SUPPLIER_MESSAGES.emailInvalid);
  const notes = text(body.notes);
  if (notes && notes.length > 5000) errors.add('notes', SUPPLIER_MESSAGES.notesTooLong);
  const city = text(body.city);
  if (city && city.length > 100) errors.add('city', SUPPLIER_MESSAGES.cityTooLong);
  const address = text(body.address);
  if (address && address.length > 500) errors.add('address', SUPPLIER_MESSAGES.addressTooLong);
  errors.throwIfAny();
  return {
    name,
    kinds,
    contact_person: contact,
    phone,
    email,
    default_currency: body.default_currency ?? null,
    notes,
    city,
    address,
  };
}

const HISTORY_FIELDS = [
  'name',
  'kinds',
  'contact_person',
  'phone',
  'email',
  'default_currency',
  'city',
  'address',
  'notes',
] as const;

/**
 * POST /admin/suppliers (id null) and PUT /admin/supplier/:id, inside the caller's transaction:
 * the checks, the row (locked when it exists) and its history.
 */
export async function saveSupplier(
  trx: Db,
  viewer: ScopeViewer,
  id: number | null,
  body: SaveSupplierBody,
): Promise<SupplierJson> {
  const values = valuesOf(body);
  const before = id === null ? null : await repo.findSupplier(trx, id, { forUpdate: true });
  if (id !== null && !before) throw notFound(SUPPLIER_MESSAGES.notFound);
  const savedId = id ?? (await repo.insertSupplier(trx, values));
  if (id !== null) await repo.updateSupplier(trx, id, values);
  const after = (await repo.findSupplier(trx, savedId))!;
  await recordChanges(trx, [
    {
      record: { type: 'supplier', id: savedId },
      entity: { type: 'supplier', id: savedId },
      action: before ? 'updated' : 'created',
      changes: changedFields(before ?? null, after, HISTORY_FIELDS),
      userId: viewer.id,
    },
  ]);
  return supplierJson(after);
}
