/** The product's short brand label, shown in the top bar and the document title. */
export const BRAND_LABEL = 'Турбюро';

/** The document title of a page: "<page> — Турбюро", or the brand alone. */
export function documentTitle(pageTitle?: string | null): string {
  return pageTitle ? `${pageTitle} — ${BRAND_LABEL}` : BRAND_LABEL;
}
