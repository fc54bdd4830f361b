/** How long an unrecognised User-Agent may be before it is cut. */
const RAW_MAX = 60;

// Order matters: Edge, Opera and Yandex also name Chrome and Safari; Chrome names Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/YaBrowser\/(\d+)/, 'Яндекс Браузер'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

// Android and iOS before Linux and macOS: their User-Agents name those too.
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * A session's device in words from its User-Agent: «Chrome 131 · Windows». What is not
 * recognised is shown as the raw text, cut to 60 characters; none at all is «Неизвестно».
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const text = (userAgent ?? '').trim();
  if (!text) return 'Неизвестно';
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const found = pattern.exec(text);
    if (found) {
      browser = `${name} ${found[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  if (browser && system) return `${browser} · ${system}`;
  if (browser) return browser;
  return text.length > RAW_MAX ? `${text.slice(0, RAW_MAX - 1)}…` : text;
}
