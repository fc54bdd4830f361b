import fs from 'node:fs';
import path from 'node:path';
import { CLUSTER_USER, clusterFiles, embeddedBinDir, serverStatus } from '../cluster';
import { EMBEDDED_DATABASE } from '../embedded';

/**
 * The URL of the embedded server running on DATA_DIR (an API holds it), read from its
 * postmaster.pid (the port) and the password file; null when no server runs there.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  const cluster = path.join(path.resolve(dataDir), 'postgres');
  const pidFile = path.join(cluster, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  let binDir: string;
  try {
    binDir = embeddedBinDir();
  } catch {
    return null;
  }
  if (!(await serverStatus(binDir, cluster)).running) return null;
  // postmaster.pid: pid, data folder, start time, port, socket folder, listen address, ...
  const port = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[3]?.trim());
  if (!Number.isInteger(port) || port <= 0) return null;
  const password = fs.readFileSync(clusterFiles(cluster).passwordFile, 'utf8').trim();
  return (
    `postgres://${CLUSTER_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/` +
    encodeURIComponent(EMBEDDED_DATABASE)
  );
}
