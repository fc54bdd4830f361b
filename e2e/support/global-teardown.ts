import fs from 'node:fs';

/** Stops the server the setup started (it stops its embedded database) and removes its data. */
export default async function globalTeardown(): Promise<void> {
  const stateFile = process.env.E2E_STATE_FILE;
  if (!stateFile || !fs.existsSync(stateFile)) return;
  const { pid, dataDir } = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as {
    pid: number;
    dataDir: string;
  };
  try {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      process.kill(pid, 0); // throws once the process is gone
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch {
    // exited
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(stateFile, { force: true });
}
