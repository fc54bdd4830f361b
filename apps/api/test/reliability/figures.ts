import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The reliability suite's figures (routes, cells, leaks, fuzz requests, 5xx, probes, faults,
// movements lost): each test records what it measured here, and `npm run test:reliability` prints
// them as one table at the end. A figure is a count; `safe` is the value it must have (0 leaks,
// 0 answers of 500), or undefined for a plain count (requests sent).

export interface Figure {
  section: string;
  name: string;
  value: number;
  safe?: number;
}

/** Where the figures of this run go: RELIABILITY_FIGURES, else a file in the temp folder. */
export function figuresFile(): string {
  return (
    process.env.RELIABILITY_FIGURES ??
    path.join(os.tmpdir(), `tour-reliability-${process.ppid}.jsonl`)
  );
}

/** Records figures of one section (one JSON line each). */
export function recordFigures(section: string, figures: Omit<Figure, 'section'>[]): void {
  const lines = figures.map((figure) => JSON.stringify({ section, ...figure })).join('\n');
  fs.appendFileSync(figuresFile(), `${lines}\n`);
}

/** Every figure recorded in `file`, the last value of each section and name kept. */
export function readFigures(file = figuresFile()): Figure[] {
  if (!fs.existsSync(file)) return [];
  const byKey = new Map<string, Figure>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const figure = JSON.parse(line) as Figure;
    byKey.set(`${figure.section}\u0000${figure.name}`, figure);
  }
  return [...byKey.values()];
}
