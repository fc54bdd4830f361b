import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CROSS_CURRENCY, CURRENCIES, isCurrency, parseDecimal, type Currency } from '@tour/core';
import { RATE_FILE_MAX_BYTES } from '@tour/core/contract/rates';

// The National Bank of the Kyrgyz Republic's daily and weekly rates files (DESIGN.md 7):
//   <CurrencyRates Name="Daily Exchange Rates" Date="21.11.2026">
//     <Currency ISOCode="USD"><Nominal>1</Nominal><Value>87,4500</Value></Currency> ...
// in windows-1251, with decimal commas; Value is KGS per Nominal units of the currency. Elements
// are read by name, since their order varies.

export { RATE_FILE_MAX_BYTES };

/** What a rates file gives: its day, the rates of the product's currencies to KGS, the rest. */
export interface RateFile {
  /** The file's Date, YYYY-MM-DD. */
  date: string;
  /** One rate per known currency, `from` the currency, `to` KGS, `rate` an exact decimal. */
  rates: { from: Currency; to: Currency; rate: string }[];
  /** ISO codes of the file's other currencies, in file order. */
  skipped: string[];
}

const NOT_RATES = 'Файл не похож на курсы Нацбанка';
/** The currencies a file may bring: the product's own except KGS, which they are rates to. */
const KNOWN = CURRENCIES.filter((currency) => currency !== CROSS_CURRENCY);
const KNOWN_CODES = KNOWN.map((currency) => currency.toUpperCase()).join(', ');

export const RATE_FILE_MESSAGES = {
  empty: 'Файл пуст',
  notXml: `${NOT_RATES}: это не XML-файл`,
  html: `${NOT_RATES}: это HTML-страница, а не XML-файл с курсами`,
  otherRoot: `${NOT_RATES}: в нём нет элемента CurrencyRates`,
  malformed: (line: number | null) =>
    line === null
      ? 'Файл курсов повреждён: разметка XML нарушена или оборвана'
      : `Файл курсов повреждён: ошибка в разметке XML в строке ${line}`,
  noDate: 'В файле нет даты курсов (атрибут Date элемента CurrencyRates)',
  badDate: 'Дата курсов в файле должна быть настоящей датой в виде ДД.ММ.ГГГГ',
  noKnown: `В файле нет курсов ни одной из валют ${KNOWN_CODES}`,
  badValue: (code: string) => `Курс ${code} в файле не является положительным числом`,
  badNominal: (code: string) => `Номинал ${code} в файле не является целым положительным числом`,
  duplicate: (code: string) => `Курс ${code} указан в файле дважды`,
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Text stays text: numbers are read exactly below, never through floats.
  parseTagValue: false,
  parseAttributeValue: false,
  // The file needs no entities; none is expanded (no DOCTYPE tricks).
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  isArray: (name) => name === 'Currency',
});

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The file's text: windows-1251 (the National Bank's encoding), unless it starts with a UTF-8
 * byte order mark or its XML declaration names UTF-8 (a file re-saved by an editor).
 */
export function decodeRateFile(bytes: Uint8Array): string {
  if (UTF8_BOM.every((byte, i) => bytes[i] === byte)) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  const utf8 = declared !== undefined && /^utf-?8$/i.test(declared);
  return new TextDecoder(utf8 ? 'utf-8' : 'windows-1251').decode(bytes);
}

/** `DD.MM.YYYY` as `YYYY-MM-DD` when it is a real day, else null. */
function isoDateOf(text: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return null;
  const [, day, month, year] = match;
  // Year 0000 is a day to JavaScript (1 BC) but not to PostgreSQL, where it failed as a 500.
  if (year === '0000') return null;
  const iso = `${year}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : null;
}

/** The text of an element as the parser gives it (plain, or `#text` beside attributes). */
function textOf(node: unknown): string | null {
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    const text = (node as Record<string, unknown>)['#text'];
    return typeof text === 'string' ? text : null;
  }
  return null;
}

function isObject(node: unknown): node is Record<string, unknown> {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/**
 * Reads a National Bank rates file (daily or weekly). Each known currency's rate to KGS is
 * Value / Nominal, exactly; other currencies are listed in `skipped`. A file that cannot be read
 * gives every Russian reason at once.
 */
export function parseRateFile(bytes: Uint8Array): RateFile | { errors: string[] } {
  const text = decodeRateFile(bytes).replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start === '') return { errors: [RATE_FILE_MESSAGES.empty] };
  // A proxy's or a site's error page saved instead of the file.
  if (/<!doctype\s+html|<html[\s>]/i.test(start.slice(0, 4096))) {
    return { errors: [RATE_FILE_MESSAGES.html] };
  }
  if (!start.startsWith('<')) return { errors: [RATE_FILE_MESSAGES.notXml] };

  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    // InvalidXml is about the document as a whole (a file cut short): its line says nothing.
    const { code, line } = valid.err;
    return { errors: [RATE_FILE_MESSAGES.malformed(code === 'InvalidXml' ? null : line)] };
  }
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch {
    // What the validator lets through and the parser refuses: entity declarations it will not
    // expand (external ones, too many), nesting past its limit.
    return { errors: [RATE_FILE_MESSAGES.malformed(null)] };
  }
  if (!isObject(document) || !('CurrencyRates' in document)) {
    return { errors: [RATE_FILE_MESSAGES.otherRoot] };
  }
  const root = isObject(document.CurrencyRates) ? document.CurrencyRates : {};

  const errors: string[] = [];
  const dateAttribute = root['@_Date'];
  const dateText = typeof dateAttribute === 'string' ? dateAttribute.trim() : '';
  const date = dateText === '' ? null : isoDateOf(dateText);
  if (dateText === '') errors.push(RATE_FILE_MESSAGES.noDate);
  else if (date === null) errors.push(RATE_FILE_MESSAGES.badDate);

  const rates: RateFile['rates'] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  const entries = Array.isArray(root.Currency) ? (root.Currency as unknown[]) : [];
  for (const entry of entries) {
    if (!isObject(entry)) continue;
    const code = String(entry['@_ISOCode'] ?? '')
      .trim()
      .toUpperCase();
    // Only a code can be named back; an entry without one names nothing.
    if (!/^[A-Z]{3}$/.test(code)) continue;
    const currency = code.toLowerCase();
    if (!isCurrency(currency) || currency === CROSS_CURRENCY) {
      if (!skipped.includes(code)) skipped.push(code);
      continue;
    }
    if (seen.has(code)) {
      errors.push(RATE_FILE_MESSAGES.duplicate(code));
      continue;
    }
    seen.add(code);

    const value = textOf(entry.Value)?.trim().replace(',', '.') ?? '';
    const nominal = textOf(entry.Nominal)?.trim() ?? '';
    const valueDecimal = /^\d{1,20}(\.\d{1,20})?$/.test(value) ? parseDecimal(value) : null;
    const nominalDecimal = /^\d{1,9}$/.test(nominal) ? parseDecimal(nominal) : null;
    const valueOk = valueDecimal !== null && valueDecimal.gt(0);
    const nominalOk = nominalDecimal !== null && nominalDecimal.gt(0);
    if (!valueOk) errors.push(RATE_FILE_MESSAGES.badValue(code));
    if (!nominalOk) errors.push(RATE_FILE_MESSAGES.badNominal(code));
    if (valueOk && nominalOk) {
      // Exact: a Nominal of 10 or 100 moves the decimal point; any other that does not divide
      // evenly leaves 40 places, which the day's checks refuse rather than round.
      const rate = valueDecimal.div(nominalDecimal).toFixed();
      rates.push({ from: currency, to: CROSS_CURRENCY, rate });
    }
  }
  if (seen.size === 0) errors.push(RATE_FILE_MESSAGES.noKnown);

  if (errors.length > 0 || date === null) return { errors };
  return { date, rates, skipped };
}
