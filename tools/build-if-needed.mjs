// Builds each front end whose sources changed since its last build (npm start, the e2e tests).
// A build is skipped when the hash of everything it is made from equals the one stored in dist/.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const APPS = ['shell', 'booking', 'accounting', 'reports', 'agent'];
const COMMON = [
  'package-lock.json',
  'webpack.config.base.js',
  'webpack.index.html',
  'webpack.federation-core.js',
  'tsconfig.base.json',
  'packages/core/src',
  'packages/core/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
];
const HASH_FILE = '.source-hash';

function filesUnder(entry) {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile() && !/\.test\.tsx?$/.test(item.name))
    .map((item) => path.relative(ROOT, path.join(item.parentPath ?? item.path, item.name)))
    .sort();
}

function sourceHash(app) {
  const hash = createHash('sha256');
  const entries = [
    ...COMMON,
    `apps/${app}/src`,
    `apps/${app}/package.json`,
    `apps/${app}/webpack.config.js`,
  ];
  for (const file of entries.flatMap(filesUnder)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const args = process.argv.slice(2);
const force = args.includes('--force');
// Names given (`node tools/build-if-needed.mjs shell booking`): those apps only (npm test builds
// them one per job beside its static checks); none: all five.
const named = args.filter((arg) => !arg.startsWith('--'));
const unknown = named.filter((app) => !APPS.includes(app));
if (unknown.length > 0) {
  console.error(`Unknown app: ${unknown.join(', ')} (the apps: ${APPS.join(', ')})`);
  process.exit(2);
}
for (const app of named.length > 0 ? named : APPS) {
  const dist = path.join(ROOT, 'apps', app, 'dist');
  const wanted = sourceHash(app);
  const built = fs.existsSync(path.join(dist, HASH_FILE))
    ? fs.readFileSync(path.join(dist, HASH_FILE), 'utf8')
    : null;
  if (!force && built === wanted) {
    console.log(`${app}: up to date`);
    continue;
  }
  console.log(`${app}: building…`);
  const result = spawnSync('npm', ['run', 'build', '-w', `apps/${app}`], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(path.join(dist, HASH_FILE), wanted);
}
