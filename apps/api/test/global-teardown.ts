import fs from 'node:fs';
import { ADMIN_URL_VARIABLE } from './database';
import { harness } from './global-setup';

/** Stops the cluster global-setup.ts started and removes its folder. */
export default async function globalTeardown(): Promise<void> {
  const started = harness.__TOUR_API_PG_CLUSTER__;
  harness.__TOUR_API_PG_CLUSTER__ = null;
  delete process.env[ADMIN_URL_VARIABLE];
  if (!started) return;
  await started.cluster.stop();
  fs.rmSync(started.dir, { recursive: true, force: true });
}
