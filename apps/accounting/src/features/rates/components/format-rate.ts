/** The rates a day keeps: up to the 10 decimals the server stores. */
export const STORED_PLACES = 10;
