// The tour-dump format (index.ts): its mark, its version, its header and sequences, its batches.
import type { Column } from './catalog';

export const TOUR_DUMP_FORMAT = 'tour-dump';
export const TOUR_DUMP_VERSION = 1;
/** Rows per fetch when writing and per INSERT when loading. */
export const BATCH_ROWS = 1000;
/** ...or fewer, when the rows are long: a batch holds at most this many characters. */
export const BATCH_CHARS = 8 * 1024 * 1024;

export interface TourDumpHeader {
  format: typeof TOUR_DUMP_FORMAT;
  version: number;
  server: string;
  serverMajor: number;
  database: string;
  createdAt: string;
  migrations: string[];
  tables: { name: string; columns: Column[] }[];
}

export interface TourDumpSequence {
  name: string;
  value: string;
  called: boolean;
}
