import type { BookingKind, Currency } from '@tour/shared';
import type { Supplier } from '../../../lib/supplier';
import type { SupplierBody } from '../api/suppliers-api';

export interface SupplierFormValues {
  name: string;
  kinds: BookingKind[];
  contact_person: string;
  phone: string;
  email: string;
  default_currency: Currency | null;
  city: string;
  address: string;
  notes: string;
}

export const SUPPLIER_FIELDS = [
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

export function supplierFormValues(supplier?: Supplier): SupplierFormValues {
  return {
    name: supplier?.name ?? '',
    kinds: supplier?.kinds ?? [],
    contact_person: supplier?.contact_person ?? '',
    phone: supplier?.phone ?? '',
    email: supplier?.email ?? '',
    default_currency: supplier?.default_currency ?? null,
    city: supplier?.city ?? '',
    address: supplier?.address ?? '',
    notes: supplier?.notes ?? '',
  };
}

const text = (value: string | undefined) => value?.trim() || null;

export function supplierBodyOf(values: SupplierFormValues): SupplierBody {
  return {
    name: values.name?.trim() ?? '',
    kinds: values.kinds ?? [],
    contact_person: text(values.contact_person),
    phone: text(values.phone),
    email: text(values.email),
    default_currency: values.default_currency ?? null,
    city: text(values.city),
    address: text(values.address),
    notes: text(values.notes),
  };
}
