/** A rate as people read it: decimal comma, grouped thousands, up to `places` decimals. */
export function formatRate(rate: number | string, places = 6): string {
  return Number(rate).toLocaleString('ru-RU', { maximumFractionDigits: places });
}

/** The rates a day keeps: up to the 10 decimals the server stores. */
export const STORED_PLACES = 10;
