import { fromMinorUnits, isCurrency, suggestTourKey, type Currency } from '@tour/core';
import { HttpError } from '../../lib/http-errors';
import { SaveTourBody } from '@tour/core/contract/tours';
import { saveTour, TOUR_MESSAGES, TOUR_UNIQUE_FIELDS, tourValues } from '../tours/service';
import { toursByKeys } from './repository';
import {
  addError,
  bodyValidator,
  EXAMPLE_NOTE,
  isExample,
  matchNote,
  mergeErrors,
  SeenInFile,
  type ImportKind,
  type PlannedRow,
} from './service';
import { exampleCells, type ImportColumn } from '../../lib/xlsx-import';

// Prepared tours from a spreadsheet: each row checked as the tour form's save checks it (the
// same schema, then the service's own rules, in the same words), matched to an existing tour by
// its key, and saved by saveTour (its history records the creation or the change).

type Field =
  | 'title'
  | 'key'
  | 'country'
  | 'cities'
  | 'days'
  | 'base_price'
  | 'currency'
  | 'agent_price'
  | 'agent_commission'
  | 'published'
  | 'included'
  | 'not_included';

const COLUMNS: readonly ImportColumn<Field>[] = [
  {
    field: 'title',
    header: 'Название',
    required: true,
    width: 34,
    example: 'Золотое кольцо Японии',
    hint: 'Название тура, как его видят менеджеры и агенты',
  },
  {
    field: 'key',
    header: 'Ключ',
    width: 26,
    example: 'zolotoe-kolco-yaponii',
    hint:
      'Адрес тура в разделе агентов: строчная латиница, цифры и дефисы. Пусто — ключ ' +
      'составляется из названия. Тур с уже существующим ключом — это тот же тур',
  },
  {
    field: 'country',
    header: 'Страна',
    required: true,
    width: 16,
    example: 'Япония',
    hint: 'Страна тура',
  },
  {
    field: 'cities',
    header: 'Города',
    width: 30,
    example: 'Токио, Киото, Осака',
    hint: 'Через запятую',
  },
  {
    field: 'days',
    header: 'Дней',
    required: true,
    kind: 'number',
    width: 8,
    example: 7,
    hint: 'Продолжительность тура в днях, целое число',
  },
  {
    field: 'base_price',
    header: 'Базовая цена',
    aliases: ['Цена'],
    required: true,
    kind: 'number',
    width: 14,
    example: 2450,
    hint: 'Цена на человека в валюте тура, число (копейки — через точку или запятую)',
  },
  {
    field: 'currency',
    header: 'Валюта',
    required: true,
    width: 10,
    example: 'USD',
    hint: 'KGS, USD, EUR или JPY (можно «сом», «$», «€», «¥»)',
  },
  {
    field: 'agent_price',
    header: 'Цена для агентов',
    kind: 'number',
    width: 16,
    example: null,
    hint: 'Цена для агентов в валюте тура; или комиссия, не обе',
  },
  {
    field: 'agent_commission',
    header: 'Комиссия агента, %',
    aliases: ['Комиссия агента', 'Комиссия'],
    kind: 'number',
    width: 18,
    example: 10,
    hint: 'Комиссия агента в процентах, до 2 знаков после запятой; или цена для агентов, не обе',
  },
  {
    field: 'published',
    header: 'Опубликован для агентов',
    aliases: ['Опубликован'],
    width: 14,
    example: 'да',
    hint: '«да» или «нет»; пусто — нет',
  },
  {
    field: 'included',
    header: 'Включено',
    width: 40,
    example: 'Проживание; Завтраки; Трансфер из аэропорта',
    hint: 'Что входит в цену, через точку с запятой',
  },
  {
    field: 'not_included',
    header: 'Не включено',
    width: 40,
    example: 'Авиабилеты; Виза',
    hint: 'Что не входит в цену, через точку с запятой',
  },
];

const NOTES = [
  'Одна строка — один заготовленный тур. Первая строка листа «Туры» — заголовки, их не меняйте.',
  'Программу по дням добавьте потом в карточке тура.',
  'Тур с ключом, который уже есть в системе, не создаётся второй раз: перед загрузкой видно ' +
    '«Уже есть: …», и его можно обновить данными из файла или пропустить.',
  'Строку-пример можно не удалять: она пропускается.',
];

const EXAMPLE = exampleCells(COLUMNS);
const validateBody = bodyValidator(SaveTourBody);

const MESSAGES = {
  keyInFile: (row: number) => `Этот ключ уже есть в строке ${row}`,
  currency: 'Одна из: KGS, USD, EUR или JPY (можно «сом», «$», «€», «¥»)',
  published: 'Напишите «да» или «нет»',
} as const;

const CURRENCY_WORDS: Record<string, Currency> = {
  сом: 'kgs',
  сомов: 'kgs',
  с: 'kgs',
  'с.': 'kgs',
  $: 'usd',
  доллар: 'usd',
  'доллар сша': 'usd',
  долларов: 'usd',
  '€': 'eur',
  евро: 'eur',
  '¥': 'jpy',
  иена: 'jpy',
  иен: 'jpy',
  йена: 'jpy',
};

function currencyOf(text: string): Currency | null {
  const word = text.trim().toLowerCase();
  if (isCurrency(word)) return word;
  return CURRENCY_WORDS[word] ?? null;
}

const YES = new Set(['да', 'yes', 'true', '1', '+', 'опубликован']);
const NO = new Set(['нет', 'no', 'false', '0', '-', '']);

/** A list cell: items split by `separators`, trimmed, blanks dropped. */
const listOf = (text: string, separators: RegExp) =>
  text
    .split(separators)
    .map((item) => item.trim())
    .filter(Boolean);

/** A number cell as the form sends it: a decimal comma read as a point, spaces dropped. */
const decimalText = (text: string) => text.replace(/[\s\u00a0]/g, '').replace(',', '.');

/** A number cell for an integer or a plain number field: the number, or the text to refuse. */
function numberOrText(text: string): number | string {
  const cleaned = decimalText(text).replace(/%$/, '');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : text;
}

interface Draft {
  body: SaveTourBody;
  /** Cells left blank: an update keeps the stored values there. */
  blank: Set<Field>;
}

function draftOf(cells: Record<Field, string>, errors: Record<string, string[]>): Draft {
  const blank = new Set((Object.keys(cells) as Field[]).filter((field) => cells[field] === ''));
  const currency = currencyOf(cells.currency);
  if (cells.currency !== '' && currency === null) addError(errors, 'currency', MESSAGES.currency);
  const published = cells.published.trim().toLowerCase();
  if (!YES.has(published) && !NO.has(published)) addError(errors, 'published', MESSAGES.published);
  const title = cells.title.trim();
  const body: SaveTourBody = {
    title,
    key: cells.key.trim() || suggestTourKey(title),
    country: cells.country,
    cities: listOf(cells.cities, /[,;\n]/),
    days:
      cells.days === '' ? (undefined as unknown as number) : (numberOrText(cells.days) as number),
    itinerary: [],
    included: listOf(cells.included, /[;\n]/),
    not_included: listOf(cells.not_included, /[;\n]/),
    base_price:
      cells.base_price === '' ? (undefined as unknown as string) : decimalText(cells.base_price),
    currency: currency ?? (cells.currency === '' ? (undefined as unknown as Currency) : 'kgs'),
    agent_price: cells.agent_price === '' ? null : decimalText(cells.agent_price),
    agent_commission:
      cells.agent_commission === ''
        ? null
        : (numberOrText(cells.agent_commission) as unknown as number),
    published: YES.has(published),
  };
  return { body, blank };
}

type TourRow = PlannedRow<SaveTourBody>;

/** The row's values as shown and saved. */
function bodyValues(body: SaveTourBody | null, cells: Record<Field, string>) {
  if (!body) return { ...cells } as Record<string, string | null>;
  const text = (value: unknown) => (value === undefined || value === null ? null : String(value));
  return {
    title: body.title,
    key: body.key || null,
    country: body.country,
    cities: body.cities.join(', ') || null,
    days: cells.days || null,
    base_price: text(body.base_price),
    currency: cells.currency === '' ? null : (currencyOf(cells.currency) ?? cells.currency),
    agent_price: text(body.agent_price),
    agent_commission: text(body.agent_commission),
    published: body.published ? 'да' : 'нет',
    included: body.included.join('; ') || null,
    not_included: body.not_included.join('; ') || null,
  };
}

export const toursImport: ImportKind<Field, SaveTourBody> = {
  entity: 'prepared_tours',
  sheetName: 'Туры',
  fileName: 'Шаблон импорта туров.xlsx',
  columns: COLUMNS,
  notes: NOTES,
  uniqueFields: TOUR_UNIQUE_FIELDS,

  async plan(trx, _context, rows, duplicates) {
    const seen = new SeenInFile();
    const drafts = rows.map(({ row, cells }) => {
      const errors: Record<string, string[]> = {};
      if (isExample(cells, EXAMPLE)) {
        return { row, cells, errors, draft: null, example: true };
      }
      const draft = draftOf(cells, errors);
      const schemaErrors = validateBody(draft.body);
      // The currency's own message says more than the enum's.
      if (errors.currency) delete schemaErrors.currency;
      mergeErrors(errors, schemaErrors);
      if (!draft.body.key && !errors.key) addError(errors, 'key', TOUR_MESSAGES.required);
      const earlier = seen.earlier('key', draft.body.key, row);
      if (earlier !== null) addError(errors, 'key', MESSAGES.keyInFile(earlier));
      return { row, cells, errors, draft, example: false };
    });
    const existing = new Map(
      (
        await toursByKeys(
          trx,
          drafts.flatMap(({ draft }) => (draft?.body.key ? [draft.body.key] : [])),
        )
      ).map((tour) => [tour.key, tour]),
    );

    const planned: TourRow[] = [];
    for (const { row, cells, errors, draft, example } of drafts) {
      if (example || !draft) {
        planned.push({
          row,
          values: bodyValues(null, cells),
          errors,
          action: 'skip',
          match: null,
          note: EXAMPLE_NOTE,
          body: null,
        });
        continue;
      }
      const match = existing.get(draft.body.key);
      const body = draft.body;
      if (match) {
        // The tour's own programme stays; so do the cells left blank.
        body.itinerary = match.itinerary;
        if (draft.blank.has('cities')) body.cities = match.cities;
        if (draft.blank.has('included')) body.included = match.included;
        if (draft.blank.has('not_included')) body.not_included = match.not_included;
        if (draft.blank.has('published')) body.published = match.published;
        // Blank agent terms keep the stored ones (a price only while the currency stays).
        const sameCurrency = match.currency === body.currency;
        if (draft.blank.has('agent_price') && draft.blank.has('agent_commission')) {
          body.agent_price =
            match.agent_price === null || !sameCurrency
              ? null
              : String(fromMinorUnits(match.agent_price, body.currency));
          body.agent_commission =
            match.agent_commission === null ? null : Number(match.agent_commission);
        }
      }
      // The service's own rules (key, days and programme, prices, agent terms), read-only; only
      // for a body the schema let through, as the route would.
      if (Object.keys(errors).length === 0) {
        try {
          await tourValues(trx, body, match?.id ?? null);
        } catch (error) {
          if (!(error instanceof HttpError) || !error.errors) throw error;
          mergeErrors(errors, error.errors);
        }
      }
      planned.push({
        row,
        values: bodyValues(body, cells),
        errors,
        action: match ? (duplicates === 'update' ? 'update' : 'skip') : 'create',
        match: match ? { id: match.id, name: match.title } : null,
        note: match ? matchNote(match.title) : null,
        body,
      });
    }
    return planned;
  },

  async save(trx, { viewer }, row) {
    await saveTour(trx, viewer, row.action === 'update' ? row.match!.id : null, row.body!);
  },
};
