// The order Jest starts test files in (root jest.config.js). Jest runs the longest files first
// when its cache remembers their times; on a fresh machine (CI) it knows none and goes by file
// size, which starts some of the longest files (the end-to-end ones are short texts) late and
// leaves one worker alone at the end of the run. A file Jest has no time for takes it from
// durations.json, the seconds each file took in a whole run on two cores (refreshed with
// JEST_WRITE_DURATIONS=1 on a whole `npm run test:unit`: see project-times.js); a file new since
// then goes by its size, after them.
const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const ROOT = path.resolve(__dirname, '../..');
const DURATIONS_FILE = path.join(__dirname, 'durations.json');

function knownDurations() {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8'));
  } catch {
    return {};
  }
}

class KnownDurationsSequencer extends Sequencer {
  sort(tests) {
    const known = knownDurations();
    const sorted = super.sort(tests);
    for (const test of sorted) {
      const seconds = known[path.relative(ROOT, test.path)];
      // Jest's cache speaks milliseconds.
      if (test.duration == null && typeof seconds === 'number') test.duration = seconds * 1000;
    }
    // Stable: files with neither a cached nor a known time keep Jest's order (by size) at the end.
    return sorted
      .map((test, index) => ({ test, index }))
      .sort((a, b) => {
        const failed = Number(this.hasFailed(b.test)) - Number(this.hasFailed(a.test));
        if (failed !== 0) return failed;
        const timeA = a.test.duration;
        const timeB = b.test.duration;
        if (timeA != null && timeB != null) return timeB - timeA;
        if (timeA != null || timeB != null) return timeA != null ? -1 : 1;
        return a.index - b.index;
      })
      .map(({ test }) => test);
  }
}

module.exports = KnownDurationsSequencer;
module.exports.DURATIONS_FILE = DURATIONS_FILE;
module.exports.ROOT = ROOT;
