import type { ValidationErrors } from '@tour/shared';

// Where the preview's 422 messages stand: a setting's under its field, a line's next to the line
// («Строка 3: …» under `lines`, or a key `lines.2.nights` from the schema's check), the rest
// above the table.

/** The settings fields the editor shows errors under. */
const SETTINGS = ['currency', 'rate_date', 'markup_type', 'markup', 'commission', 'group_sizes'];

const LINE_MESSAGE = /^Строка (\d+):/;
const LINE_KEY = /^lines\.(\d+)(\.|$)/;

export interface PlacedErrors {
  /** Under the settings' fields, by field. */
  fields: Record<string, string[]>;
  /** Next to each line, by its index in the list. */
  byLine: string[][];
  /** Above the table: what belongs to no field or line. */
  other: string[];
}

/** The preview's field errors placed where the manager reads them. */
export function placeErrors(errors: ValidationErrors | null, lineCount: number): PlacedErrors {
  const fields: Record<string, string[]> = {};
  const byLine: string[][] = Array.from({ length: lineCount }, () => []);
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const field = key.split('.')[0]!;
    if (SETTINGS.includes(field)) {
      (fields[field] ??= []).push(...messages);
      continue;
    }
    const keyed = LINE_KEY.exec(key);
    for (const message of messages) {
      const numbered = LINE_MESSAGE.exec(message);
      const index = numbered ? Number(numbered[1]) - 1 : keyed ? Number(keyed[1]) : -1;
      if (index >= 0 && index < lineCount) {
        byLine[index]!.push(numbered || !keyed ? message : `Строка ${index + 1}: ${message}`);
      } else other.push(message);
    }
  }
  return { fields, byLine, other: [...new Set(other)] };
}
