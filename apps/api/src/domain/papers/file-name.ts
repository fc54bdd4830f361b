import { encodeExtended, format } from 'content-disposition';

export const DOCX_EXTENSION = '.docx';
export { DOCX_MIME } from '@tour/core/contract/documents';

// Most file systems allow 255 bytes per name; Cyrillic takes two bytes a letter, emoji four.
const MAX_BASE_BYTES = 200;

// Control, format (bidi overrides, zero-width joiners, BOM), lone surrogates, line separators:
// they break a header or disguise a name (U+202E shows "exe.docx" as "xcod.exe").
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const INVISIBLE = /[\p{Cf}\p{Cs}]/gu;
// Path separators and what Windows forbids in a name.
const RESERVED = /[<>:"/\\|?*]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
const EDGES = /^[\s._]+|[\s._]+$/g;

/** Windows refuses to create CON, NUL, COM1... whatever the extension. */
function notDevice(base: string): string {
  return WINDOWS_DEVICE.test(base) ? `_${base}` : base;
}

function truncateBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let result = '';
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > maxBytes) break;
    result += char;
  }
  return result;
}

/**
 * A name the browser can save as is: one base name (no folders, nothing hidden, nothing a file
 * system refuses), in Unicode, at most ~200 bytes, always ending in `extension` (`.zip`).
 * `fallbackBase` is used when nothing of `requested` survives.
 */
export function safeFileName(requested: string, fallbackBase: string, extension: string): string {
  const ending = new RegExp(`${extension.replace('.', '\\.')}$`, 'i');
  let base = requested
    .normalize('NFC')
    .replace(CONTROL, ' ')
    .replace(INVISIBLE, '')
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(ending, '')
    .replace(/\.{2,}/g, '.')
    .replace(/_{2,}/g, '_')
    .replace(EDGES, '');
  base = truncateBytes(base, MAX_BASE_BYTES).replace(EDGES, '');
  return (notDevice(base) || fallbackBase) + extension;
}

/** safeFileName for a DOCX: always ending in `.docx`. */
export function safeDocxFileName(requested: string, fallbackBase: string): string {
  return safeFileName(requested, fallbackBase, DOCX_EXTENSION);
}

// Russian and Kyrgyz letters in Latin, as Kyrgyz passports spell names (ICAO 9303).
// prettier-ignore
const LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i',
  к: 'k', л: 'l', м: 'm', н: 'n', ң: 'ng', о: 'o', ө: 'o', п: 'p', р: 'r', с: 's', т: 't',
  у: 'u', ү: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: 'ie', ы: 'y',
  ь: '', э: 'e', ю: 'iu', я: 'ia', '№': 'No',
};

function latin(char: string): string | undefined {
  const lower = char.toLowerCase();
  const mapped = LATIN[lower];
  if (mapped === undefined || lower === char) return mapped;
  return mapped.charAt(0).toUpperCase() + mapped.slice(1);
}

/**
 * The plain-ASCII name for clients that do not read `filename*`: Cyrillic transliterated, accents
 * dropped, other symbols (quotes, emoji) left out. `fallback` when nothing is left but the
 * extension.
 */
export function asciiFileName(fileName: string, fallback: string): string {
  const extension = /\.[a-z0-9]{1,5}$/i.exec(fileName)?.[0] ?? '';
  const base = fileName.slice(0, fileName.length - extension.length);
  const ascii = [...base.normalize('NFKD')]
    .map((char) => {
      if (/[\x20-\x7e]/.test(char)) return char === '%' ? '_' : char;
      const mapped = latin(char);
      if (mapped !== undefined) return mapped;
      return /[\p{L}\p{N}]/u.test(char) ? '_' : ''; // marks, quotes, symbols, emoji
    })
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/_{2,}/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return ascii.replace(/_/g, '') ? notDevice(ascii) + extension : fallback;
}

/**
 * `attachment; filename=<ASCII>; filename*=UTF-8''<name>` (RFC 6266 and 8187): both names always,
 * written (quoted or not, as the grammar needs) by the content-disposition package. `fileName`
 * must come from safeFileName (or safeDocxFileName).
 */
export function attachmentDisposition(fileName: string, asciiFallback: string): string {
  return format({
    type: 'attachment',
    parameters: {
      filename: asciiFileName(fileName, asciiFallback),
      'filename*': encodeExtended(fileName),
    },
  });
}
