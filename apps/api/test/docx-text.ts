import { strFromU8, unzipSync } from 'fflate';

/** The text of a DOCX's word/document.xml: its runs joined, entities decoded. */
export function docxText(bytes: Uint8Array): string {
  const files = unzipSync(bytes);
  const xml = strFromU8(files['word/document.xml']!);
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
    .map((match) => match[1]!)
    .join('')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
