// The interface speaks Russian (SPEC.md): a component test walks what a screen renders and fails
// on a Latin word a person would read or hear — a text, a tooltip, a placeholder, an accessible
// name, an SVG's title — other than a code (XLSX, DOCX, BB, DBL, PNR, FRU, TK 347, USD…) or the
// data the test itself put there (a hotel's or a supplier's own name).

/** Attributes a person sees (tooltips, placeholders) or hears (names read by a screen reader). */
const READ_ATTRIBUTES = ['title', 'placeholder', 'alt', 'aria-label', 'aria-description'];

/** A code: capitals (and digits), as XLSX, BB, SGL, PNR, FRU, X7K2LM. */
const CODE = /^[A-Z][A-Z0-9]*$/;

/** A Latin word: letters (and the digits inside it). */
const LATIN_WORD = /[A-Za-z][A-Za-z0-9]*/g;

export interface LatinWordsOptions {
  /**
   * Texts the test rendered as data (a supplier named «Hilton Tokyo», an email): removed before
   * the words are looked for. A string is removed wherever it occurs; a RegExp is matched.
   */
  data?: readonly (string | RegExp)[];
}

/** A Latin word found, and where: the text around it or the attribute it is in. */
export interface LatinWord {
  word: string;
  where: string;
}

function hidden(element: Element): boolean {
  const tag = element.tagName.toLowerCase();
  if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'noscript') return true;
  return element.hasAttribute('hidden');
}

/**
 * An antd icon's glyph (`<span role="img" aria-label="close" class="anticon">`): the name of its
 * drawing, not a label of the product. What the control it sits in is called is the control's
 * own name (tested where the control is).
 */
function iconGlyph(element: Element): boolean {
  return element.getAttribute('role') === 'img' && element.classList.contains('anticon');
}

function wordsIn(text: string, where: string, data: readonly (string | RegExp)[]): LatinWord[] {
  let rest = text;
  for (const item of data) {
    rest =
      typeof item === 'string'
        ? rest.split(item).join(' ')
        : rest.replace(
            new RegExp(item.source, item.flags.includes('g') ? item.flags : `${item.flags}g`),
            ' ',
          );
  }
  return (rest.match(LATIN_WORD) ?? [])
    .filter((word) => !CODE.test(word))
    .map((word) => ({ word, where }));
}

/**
 * Every Latin word a person would read or hear under `root`, but codes and the test's own data:
 * text nodes outside hidden elements, the read attributes of every element, SVG titles.
 */
export function latinWordsIn(root: Element, options: LatinWordsOptions = {}): LatinWord[] {
  const data = options.data ?? [];
  const found: LatinWord[] = [];
  const visit = (element: Element) => {
    if (hidden(element)) return;
    for (const attribute of READ_ATTRIBUTES) {
      if (attribute === 'aria-label' && iconGlyph(element)) continue;
      const value = element.getAttribute(attribute);
      if (value) {
        found.push(
          ...wordsIn(value, `${element.tagName.toLowerCase()}[${attribute}="${value}"]`, data),
        );
      }
    }
    // A run of text is read whole across the line-break hints inside it (`<wbr>`, which an
    // e-mail address carries after its «@»), as a person reads it.
    let run = '';
    const flush = () => {
      if (run.trim()) found.push(...wordsIn(run, `«${run.trim().slice(0, 80)}»`, data));
      run = '';
    };
    for (const node of Array.from(element.childNodes)) {
      if (node.nodeType === 3) run += node.textContent ?? '';
      else if (node.nodeType === 1 && (node as Element).tagName === 'WBR') continue;
      else if (node.nodeType === 1) {
        flush();
        visit(node as Element);
      }
    }
    flush();
  };
  visit(root);
  return found;
}

/** Throws, naming each word and where it is, when `root` shows a Latin word (latinWordsIn). */
export function expectNoLatinWords(root: Element, options: LatinWordsOptions = {}): void {
  const found = latinWordsIn(root, options);
  if (found.length === 0) return;
  const lines = found.map(({ word, where }) => `  ${word} — ${where}`);
  throw new Error(`Латинские слова в интерфейсе (${found.length}):\n${lines.join('\n')}`);
}
