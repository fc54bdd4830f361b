// The static checks of `npm test` (npm run lint and npm run typecheck, the same commands) side by
// side on every core instead of one after another: ESLint, Prettier and each TypeScript project
// are separate single-threaded processes. Each one's output is printed whole when it ends; the
// run fails when any of them fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');

const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
/**
 * The TypeScript projects of `npm run typecheck`: every workspace and the folders beside them, the
 * slowest first (bench, which checks the API's sources too, then the API, listed last).
 */
const TS_PROJECTS = ['bench', ...[...workspaces].reverse(), 'e2e', 'deploy', 'tools'];

const JOBS = [
  { name: 'eslint .', command: path.join(BIN, 'eslint'), args: ['.'] },
  ...TS_PROJECTS.map((project) => ({
    name: `tsc -p ${project}`,
    command: path.join(BIN, 'tsc'),
    args: ['-p', path.join(project, 'tsconfig.json'), '--noEmit'],
  })),
  { name: 'prettier --check .', command: path.join(BIN, 'prettier'), args: ['--check', '.'] },
  {
    name: 'install scripts reviewed (allowScripts)',
    command: process.execPath,
    args: [path.join(ROOT, 'tools', 'install-scripts-reviewed.mjs')],
  },
];

/** @param {{ name: string, command: string, args: string[] }} job */
function run(job) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(job.command, job.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      process.stdout.write(
        `${code === 0 ? '✓' : '✗'} ${job.name} (${seconds} s)\n${text ? `${text}\n` : ''}`,
      );
      resolve(code === 0);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(String(error)));
      finish(1);
    });
    child.on('close', finish);
  });
}

const started = Date.now();
const queue = [...JOBS];
let failed = 0;
await Promise.all(
  Array.from({ length: Math.min(os.availableParallelism(), queue.length) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      if (!(await run(job))) failed += 1;
    }
  }),
);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  failed === 0
    ? `Static checks passed in ${seconds} s.`
    : `${failed} of ${JOBS.length} static checks failed (${seconds} s).`,
);
process.exitCode = failed === 0 ? 0 : 1;
