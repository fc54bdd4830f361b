// npm run deploy:local [-- up | down | status | release <remote> <version> [build folder] |
//   point <remote> <version>]: the production topology on this machine (deploy/README.md).
// DEPLOY_DIR (deploy/.local) holds its database, static files, nginx and logs; DEPLOY_PORT (8200)
// is the shell's port, the remotes take the next four, the API instances +11 and +12.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from './nginx';
import {
  down,
  pointAt,
  readRemotes,
  readState,
  release,
  remoteOrigin,
  ROOT,
  shellUrl,
  up,
  type TopologyState,
} from './topology';

const dir = path.resolve(ROOT, process.env.DEPLOY_DIR ?? 'deploy/.local');
const port = Number(process.env.DEPLOY_PORT ?? 8200);
const log = (message: string) => console.log(`· ${message}`);

function describe(state: TopologyState): void {
  console.log(`Оболочка и API:  ${shellUrl(state)}`);
  for (const name of REMOTE_NAMES) {
    console.log(`${name.padEnd(16)} ${remoteOrigin(state, name)}  ← ${readRemotes(state)[name]}`);
  }
  console.log(`API:             ${state.apiPorts.map((p) => `127.0.0.1:${p}`).join(', ')}`);
  console.log(`Папка:           ${state.dir}`);
}

function remoteName(value: string | undefined): RemoteName {
  if (!REMOTE_NAMES.includes(value as RemoteName)) {
    throw new Error(`Раздел: один из ${REMOTE_NAMES.join(', ')}`);
  }
  return value as RemoteName;
}

function current(): TopologyState {
  const state = readState(dir);
  if (!state) throw new Error('Топология не запущена: npm run deploy:local');
  return state;
}

async function main(): Promise<void> {
  const [command = 'up', ...args] = process.argv.slice(2);
  switch (command) {
    case 'up': {
      const started = performance.now();
      // The front ends whose sources changed since their last build (as npm start does).
      const build = spawnSync(process.execPath, ['tools/build-if-needed.mjs'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      if (build.status !== 0) throw new Error('Сборка не удалась');
      const state = await up({ dir, port, log });
      const response = await fetch(`${shellUrl(state)}/api/ready`);
      if (!response.ok) throw new Error(`/api/ready через nginx: ${response.status}`);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`Первый ответ через nginx через ${seconds} с после запуска.`);
      describe(state);
      console.log('Остановить: npm run deploy:local -- down');
      return;
    }
    case 'down':
      await down(dir);
      console.log('Остановлено.');
      return;
    case 'status':
      describe(current());
      return;
    case 'release': {
      const [name, version, build] = args;
      if (!version) throw new Error('npm run deploy:local -- release <раздел> <версия> [папка]');
      const url = release(current(), remoteName(name), version, build && path.resolve(build));
      console.log(`${name} ${version}: ${url}`);
      return;
    }
    case 'point': {
      const [name, version] = args;
      if (!version) throw new Error('npm run deploy:local -- point <раздел> <версия>');
      console.log(`${name} → ${pointAt(current(), remoteName(name), version)}`);
      return;
    }
    default:
      throw new Error(`Неизвестная команда «${command}»: up, down, status, release, point`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
