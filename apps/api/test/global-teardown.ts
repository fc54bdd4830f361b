import fs from 'node:fs';
import { adminUrlVariable } from './database';
import { harness } from './global-setup';

/** Stops the clusters global-setup.ts started and removes their folders. */
export default async function globalTeardown(): Promise<void> {
  const started = harness.__TOUR_API_PG_CLUSTERS__ ?? [];
  harness.__TOUR_API_PG_CLUSTERS__ = [];
  const errors: unknown[] = [];
  for (const { flavor, dir, cluster } of started) {
    delete process.env[adminUrlVariable(flavor)];
    try {
      await cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}
