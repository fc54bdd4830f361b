// The static checks of `npm test` (npm run lint and npm run typecheck, the same commands) and
// the production build of the five front ends the end-to-end tests serve, side by side on every
// core instead of one after another: ESLint, Prettier, each TypeScript program and each webpack
// build are separate processes, mostly single-threaded. Each one's output is printed whole when
// it ends; the run fails when any of them fails. The builds are skipped where dist/ is up to date
// (tools/build-if-needed.mjs); the end-to-end tests' setup then finds nothing left to build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');

const { scripts, workspaces } = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'),
);
/**
 * The TypeScript programs of `npm run typecheck`, the longest first (tsconfig.web.json says why
 * three).
 */
const TS_PROGRAMS = [...scripts.typecheck.matchAll(/tsc -p (\S+)/g)].map((match) => match[1]);
if (TS_PROGRAMS.length === 0) throw new Error('npm run typecheck names no tsc -p program');

/** The front ends: the workspaces webpack builds, in package.json's order (the shell first). */
const APPS = workspaces
  .filter((workspace) => fs.existsSync(path.join(ROOT, workspace, 'webpack.config.js')))
  .map((workspace) => path.basename(workspace));

const tsc = (program) => ({
  name: `tsc -p ${program}`,
  command: path.join(BIN, 'tsc'),
  args: ['-p', path.join(ROOT, program), '--noEmit'],
});
// The longest jobs first (the Node program, ESLint), so that none is left alone at the end.
const [longestProgram, ...otherPrograms] = TS_PROGRAMS;
const JOBS = [
  tsc(longestProgram),
  { name: 'eslint .', command: path.join(BIN, 'eslint'), args: ['.'] },
  ...otherPrograms.map(tsc),
  ...APPS.map((app) => ({
    name: `build ${app} (where out of date)`,
    command: process.execPath,
    args: [path.join(ROOT, 'tools', 'build-if-needed.mjs'), app],
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
