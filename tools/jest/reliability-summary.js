// A Jest reporter (root jest.config.js): at the end of a run, the reliability suite's figures as
// one table (apps/api/test/reliability/figures.ts records them: routes, cells, leaks, fuzz
// requests, 5xx, probes, faults survived, movements lost), each against its safe value. The
// figures of this run go to a fresh file named in RELIABILITY_FIGURES, set here before any test
// worker starts, so workers and the reporter agree on it.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

class ReliabilitySummaryReporter {
  constructor() {
    this.file =
      process.env.RELIABILITY_FIGURES ??
      path.join(os.tmpdir(), `tour-reliability-${process.pid}-${Date.now()}.jsonl`);
    process.env.RELIABILITY_FIGURES = this.file;
    fs.rmSync(this.file, { force: true });
  }

  onRunComplete() {
    if (!fs.existsSync(this.file)) return;
    /** @type {Map<string, { section: string, name: string, value: number, safe?: number }>} */
    const figures = new Map();
    for (const line of fs.readFileSync(this.file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const figure = JSON.parse(line);
      figures.set(`${figure.section}\u0000${figure.name}`, figure);
    }
    fs.rmSync(this.file, { force: true });
    if (figures.size === 0) return;
    const rows = [...figures.values()].map((figure) => ({
      section: figure.section,
      figure: figure.name,
      value: String(figure.value),
      verdict:
        figure.safe === undefined ? '' : figure.value === figure.safe ? 'ok' : `НЕ ${figure.safe}`,
    }));
    const width = (key, title) => Math.max(title.length, ...rows.map((row) => row[key].length));
    const columns = [
      ['section', 'раздел'],
      ['figure', 'показатель'],
      ['value', 'значение'],
      ['verdict', 'норма'],
    ].map(([key, title]) => ({ key, title, width: width(key, title) }));
    const line = (cells) =>
      columns
        .map((column, index) =>
          index === 2 ? cells[index].padStart(column.width) : cells[index].padEnd(column.width),
        )
        .join('  ')
        .trimEnd();
    const unsafe = rows.filter((row) => row.verdict.startsWith('НЕ')).length;
    process.stdout.write(
      [
        '',
        'Надёжность и безопасность: показатели прогона',
        line(columns.map((column) => column.title)),
        ...rows.map((row) => line(columns.map((column) => row[column.key]))),
        unsafe === 0
          ? 'Все показатели в норме.'
          : `Вне нормы: ${unsafe} (тесты, что их измерили, упали выше).`,
        '',
      ].join('\n'),
    );
  }
}

module.exports = ReliabilitySummaryReporter;
