import type { BookingKind, Currency } from '@tour/shared';

/** A supplier of the directory (GET /admin/supplier/:id, the lists' rows). */
export interface Supplier {
  id: number;
  name: string;
  kinds: BookingKind[];
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  default_currency: Currency | null;
  notes: string | null;
  /** A hotel's city fills its booking's city; the address goes on the voucher. */
  city: string | null;
  address: string | null;
  created_at: string;
  updated_at: string;
}
