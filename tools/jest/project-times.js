// A Jest reporter (root jest.config.js): at the end of a run, the time each project took, so the
// suite's growth is seen where it happens. Projects run side by side on the same workers, so a
// project's wall time is the span from its first file's start to its last file's end, and its
// work is the sum of its files' run times (on two cores, roughly twice the run's wall time).
// With JEST_WRITE_DURATIONS=1 it also writes each file's seconds to durations.json, the order a
// fresh machine starts the files in (sequencer.js): do it on a whole run, on two cores.
const fs = require('node:fs');
const path = require('node:path');
const { DURATIONS_FILE, ROOT } = require('./sequencer');

/** @param {number} ms */
function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

class ProjectTimesReporter {
  constructor() {
    /** @type {Map<string, { files: number, tests: number, failed: number, work: number, start: number, end: number }>} */
    this.projects = new Map();
    /** @type {Record<string, number>} seconds per file, relative to the repository */
    this.durations = {};
  }

  /**
   * @param {{ path: string, context: { config: { displayName?: { name: string } | string, rootDir: string } } }} test
   * @param {{ perfStats: { start: number, end: number, runtime: number }, numPassingTests: number, numFailingTests: number, numPendingTests: number }} result
   */
  onTestResult(test, result) {
    const { displayName, rootDir } = test.context.config;
    const name = (typeof displayName === 'string' ? displayName : displayName?.name) ?? rootDir;
    const entry = this.projects.get(name) ?? {
      files: 0,
      tests: 0,
      failed: 0,
      work: 0,
      start: Infinity,
      end: 0,
    };
    const { start, end, runtime } = result.perfStats;
    this.durations[path.relative(ROOT, test.path)] =
      Math.round((runtime ?? end - start) / 100) / 10;
    entry.files += 1;
    entry.tests += result.numPassingTests + result.numFailingTests + result.numPendingTests;
    entry.failed += result.numFailingTests;
    entry.work += runtime ?? end - start;
    entry.start = Math.min(entry.start, start);
    entry.end = Math.max(entry.end, end);
    this.projects.set(name, entry);
  }

  /** @param {unknown} _contexts @param {{ startTime: number }} results */
  onRunComplete(_contexts, results) {
    if (this.projects.size === 0) return;
    const rows = [...this.projects].sort((a, b) => b[1].work - a[1].work);
    const width = Math.max(...rows.map(([name]) => name.length), 'project'.length);
    const lines = [
      '',
      `Time per Jest project on Node ${process.version} ` +
        '(wall: first file start to last file end; work: sum of file times)',
      `${'project'.padEnd(width)}  files  tests      wall      work`,
      ...rows.map(
        ([name, p]) =>
          `${name.padEnd(width)}  ${String(p.files).padStart(5)}  ${String(p.tests).padStart(5)}` +
          `  ${seconds(p.end - p.start).padStart(8)}  ${seconds(p.work).padStart(8)}` +
          (p.failed > 0 ? `  (${p.failed} failed)` : ''),
      ),
      `${'whole run'.padEnd(width)}  ${String(rows.reduce((n, [, p]) => n + p.files, 0)).padStart(5)}` +
        `  ${String(rows.reduce((n, [, p]) => n + p.tests, 0)).padStart(5)}` +
        `  ${seconds(Date.now() - results.startTime).padStart(8)}`,
      '',
    ];
    process.stderr.write(`${lines.join('\n')}\n`);
    if (process.env.JEST_WRITE_DURATIONS === '1') {
      const sorted = Object.fromEntries(
        Object.entries(this.durations).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
      process.stderr.write(`File times written to ${path.relative(ROOT, DURATIONS_FILE)}.\n`);
    }
  }
}

module.exports = ProjectTimesReporter;
