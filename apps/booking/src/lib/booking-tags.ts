import type { CacheTag } from '@tour/shared';

// The booking section's cache tags in the one API slice (type 'Booking': the shared tag types
// have no 'Supplier', so suppliers are ids of the same type). Queries provide them, mutations
// invalidate the narrowest ones; the trips' and wallets' tags come from @tour/shared.
export const bookingTags = {
  /** One booking (the drawer). */
  booking: (id: number): CacheTag => ({ type: 'Booking', id }),
  /** Every month list of bookings (and the linked-flight choices). */
  bookingLists: { type: 'Booking', id: 'LIST' } as CacheTag,
  /** The supplier payments of one booking. */
  payments: (bookingId: number): CacheTag => ({ type: 'Booking', id: `payments-${bookingId}` }),
  /** The dashboard of any month. */
  dashboard: { type: 'Booking', id: 'DASHBOARD' } as CacheTag,
  /** One supplier. */
  supplier: (id: number): CacheTag => ({ type: 'Booking', id: `supplier-${id}` }),
  /** One supplier's price list. */
  prices: (supplierId: number): CacheTag => ({ type: 'Booking', id: `prices-${supplierId}` }),
  /** Every list or search of suppliers (the directory, the pickers). */
  supplierLists: { type: 'Booking', id: 'SUPPLIERS' } as CacheTag,
} as const;
