import type { Supplier } from './supplier';

/** What a hotel booking takes from its supplier's card. */
export interface HotelFromSupplier {
  /** The hotel itself (a supplier that serves only hotels), else null: an agency books many. */
  hotel_name: string | null;
  city: string | null;
}

/**
 * A hotel booking's hotel and city from the supplier chosen: a supplier serving only hotels is
 * the hotel (its name without a trailing ", <its city>": «Пансионат «Радуга», Чолпон-Ата» is the
 * hotel «Пансионат «Радуга»» in Чолпон-Ата); any supplier's city is the stay's city.
 */
export function hotelFromSupplier(supplier: Supplier): HotelFromSupplier {
  const city = supplier.city?.trim() || null;
  const isHotel = supplier.kinds.length === 1 && supplier.kinds[0] === 'hotel';
  let name = isHotel ? supplier.name.trim() : null;
  if (name && city && name.endsWith(`, ${city}`)) name = name.slice(0, -`, ${city}`.length);
  return { hotel_name: name || null, city };
}
