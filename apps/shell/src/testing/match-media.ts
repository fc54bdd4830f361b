// jsdom has no matchMedia (antd and the shell's layout read it): answer min/max-width queries
// from a screen width the test chooses.

type Listener = (event: MediaQueryListEvent) => void;

let screenWidth = 1280;
const lists = new Set<{ query: string; listeners: Set<Listener> }>();

function matches(query: string): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, value]) =>
    kind === 'min' ? screenWidth >= Number(value) : screenWidth <= Number(value),
  );
}

function matchMedia(query: string): MediaQueryList {
  const entry = { query, listeners: new Set<Listener>() };
  lists.add(entry);
  const list = {
    media: query,
    get matches() {
      return matches(query);
    },
    onchange: null,
    addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
    addListener: (listener: Listener) => entry.listeners.add(listener),
    removeListener: (listener: Listener) => entry.listeners.delete(listener),
    dispatchEvent: () => true,
  };
  return list as unknown as MediaQueryList;
}

/** Installs the stub (the test setup does). */
export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
}

/** Pretends the screen is `width` pixels wide and tells every listener whose answer changed. */
export function setScreenWidth(width: number): void {
  const before = new Map([...lists].map((entry) => [entry, matches(entry.query)]));
  screenWidth = width;
  for (const entry of lists) {
    const now = matches(entry.query);
    if (before.get(entry) === now) continue;
    const event = { matches: now, media: entry.query } as MediaQueryListEvent;
    entry.listeners.forEach((listener) => listener(event));
  }
}
