import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/api/src/db/cluster';

const ROOT = path.resolve(__dirname, '../..');
export const STATE_FILE = path.join(os.tmpdir(), `tour-e2e-${process.ppid}-${process.pid}.json`);

/** Builds what is out of date, then starts the product as `npm start` does, on a fresh database. */
export default async function globalSetup(): Promise<void> {
  const build = spawnSync(process.execPath, ['tools/build-if-needed.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the front-end build failed');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tour-e2e-'));
  fs.chmodSync(dataDir, 0o755); // the embedded server runs as the postgres account
  const port = await freePort();
  // The mail server the API sends through: the outbox's test (outbox.e2e) listens on this port
  // with an SMTP server of its own, started and stopped as it needs; until then the API's worker
  // finds nobody there and keeps its messages to retry. No daily round of reminders: the run's
  // e-mails are those its tests cause.
  let smtpPort = await freePort();
  while (smtpPort === port) smtpPort = await freePort();
  // The server's log, every request with its answer and time, for a failure to be read after it
  // (a request that never got its answer shows as «incoming request» alone).
  const outputDir = path.join(ROOT, 'e2e/output');
  fs.mkdirSync(outputDir, { recursive: true });
  const logFile = path.join(outputDir, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const logTail = () => fs.readFileSync(logFile, 'utf8').slice(-3000);
  const server = spawn(process.execPath, ['-r', '@swc-node/register', 'src/server.ts'], {
    cwd: path.join(ROOT, 'apps/api'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MESSAGE_ROUND: 'off',
    },
    stdio: ['ignore', log, log],
    detached: false,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) {
      throw new Error(`the server exited with ${server.exitCode}:\n${logTail()}`);
    }
    if (Date.now() > deadline)
      throw new Error(`the server did not start in 2 minutes:\n${logTail()}`);
    try {
      if ((await fetch(`${baseUrl}/remotes.json`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_SMTP_PORT = String(smtpPort);
  fs.writeFileSync(STATE_FILE, JSON.stringify({ pid: server.pid, dataDir }));
  process.env.E2E_STATE_FILE = STATE_FILE;
}
