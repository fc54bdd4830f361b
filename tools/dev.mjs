// npm run dev: every front end's dev server with hot reload, and the API in watch mode on 8081
// (the dev servers proxy /api there). Ctrl+C stops them all.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const TASKS = [
  ['api', ['run', 'dev', '-w', 'apps/api'], { PORT: '8081' }],
  ...['shell', 'booking', 'accounting', 'reports', 'agent'].map((app) => [
    app,
    ['run', 'dev', '-w', `apps/${app}`],
    {},
  ]),
];

const children = TASKS.map(([name, args, env]) => {
  const child = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env } });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n').filter(Boolean)) console.log(prefix + line);
    });
  }
  child.on('exit', (code) => console.log(`${prefix}stopped (${code})`));
  return child;
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
