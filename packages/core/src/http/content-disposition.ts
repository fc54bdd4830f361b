// Reading a download's file name from its Content-Disposition header: the browser's downloads
// and the API's tests (what a browser would save) read it the same way.

function decodeExtValue(value: string): string | null {
  // RFC 8187 ext-value: charset'language'percent-encoded
  const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const [, charset = '', encoded = ''] = match;
  if (charset.toLowerCase() === 'utf-8') {
    try {
      return decodeURIComponent(encoded);
    } catch {
      return null;
    }
  }
  if (charset.toLowerCase() === 'iso-8859-1') {
    return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  }
  return null;
}

function baseName(name: string | null): string | null {
  // RFC 6266 4.3: never let a server choose a directory.
  const base = name?.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' ? null : base;
}

/** File name of a Content-Disposition header (RFC 6266, `filename*` first), or null. */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let plain: string | null = null;
  let extended: string | null = null;
  const params = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const [, rawName = '', quoted, token] of header.matchAll(params)) {
    const name = rawName.toLowerCase();
    const value = quoted === undefined ? String(token).trim() : quoted.replace(/\\(.)/g, '$1');
    if (name === 'filename*' && extended === null) extended = baseName(decodeExtValue(value));
    if (name === 'filename' && plain === null) plain = baseName(value);
  }
  return extended ?? plain;
}
