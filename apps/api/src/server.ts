import fs from 'node:fs';
import path from 'node:path';
import { buildApp, type App } from './app';
import { readConfig } from './config';
import { createDatabase } from './db/database';
import { installShutdownHandlers, startEmbeddedDatabase } from './db/embedded';
import { migrateToLatest } from './db/migrate';
import type { FrontendOptions } from './plugins/frontend';
import { startGapsRefresher } from './routes/bookings/gaps';
import { startAdministrativeFolder } from './routes/reports/administrative-tally';
import { startDeltaFolder } from './lib/delta-tally';
import { startMessageRound } from './domain/messages/round';
import { senderAddress, smtpTransport, startOutboxWorker } from './domain/messages/worker';
import { referencedAttachment } from './routes/invoices/receipt-service';
import { isQuoteRef, quoteAttachment } from './routes/requests/quote-service';
import { PENDING_TALLY } from './routes/ledger/waitings-repository';
import { queueAllTrips, startReportFiguresRefresher } from './routes/reports/figures';
import { startPaidRefresher } from './routes/trips/paid';
import { isDatabaseEmpty, seedDemoData } from './seed/demo';

const ROOT = path.resolve(__dirname, '../../..');
const REMOTES = ['booking', 'accounting', 'reports', 'agent'];

/** The built front ends of this repository, when they are built (npm start builds them). */
function localFrontend(remoteUrls: Record<string, string>): FrontendOptions | undefined {
  const shellDir = path.join(ROOT, 'apps/shell/dist');
  if (!fs.existsSync(path.join(shellDir, 'index.html'))) return undefined;
  const remoteDirs = Object.fromEntries(
    REMOTES.filter((name) => !remoteUrls[name]).map((name) => [
      name,
      path.join(ROOT, 'apps', name, 'dist'),
    ]),
  );
  return { shellDir, remoteDirs, remoteUrls };
}

/** How long requests in flight may take to finish once the server stops; then they are cut. */
const SHUTDOWN_GRACE_MS = 25_000;

/**
 * Closes the HTTP side gracefully: the listener stops at once (new connections are refused),
 * requests in flight finish. Node ends only the connections idle at that moment; one whose
 * request was in flight would stay open for the keep-alive timeout (72 s in Fastify) after its
 * answer, so idle connections are swept until the close is done. Past the grace period the
 * remaining connections are cut.
 */
async function closeHttp(app: App): Promise<void> {
  const closed = app.close();
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  const cut = setTimeout(() => {
    app.log.warn({ event: 'stopping' }, 'requests still running after the grace period: cut');
    app.server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}

/** Starts the API: the database (embedded unless DATABASE_URL), migrations, demo data, HTTP. */
async function main(): Promise<void> {
  const config = readConfig();
  const embedded = config.databaseUrl
    ? null
    : // Before the app's logger exists: what the embedded server did (a cluster made, a server
      // left running stopped, a cluster of another major set aside) is said on stdout as a line.
      await startEmbeddedDatabase({
        dataDir: config.dataDir,
        log: (message) => console.log(message),
      });
  const db = createDatabase({ url: config.databaseUrl ?? embedded!.url });
  let app: App | null = null;
  let stopRefresher: (() => Promise<void>) | null = null;
  let stopping: Promise<void> | null = null;
  // SIGINT/SIGTERM: HTTP first (no new connections, GET /api/ready 503, requests in flight
  // finish), the background refreshers meanwhile; then the pool, then the embedded server.
  const stop = () =>
    (stopping ??= (async () => {
      app?.log.info({ event: 'stopping' }, 'stopping');
      await Promise.all([
        app ? closeHttp(app).catch(() => undefined) : undefined,
        stopRefresher?.().catch(() => undefined),
      ]);
      await db.destroy().catch(() => undefined);
      await embedded?.stop();
    })());
  installShutdownHandlers(stop);

  try {
    await migrateToLatest(db);
    if (config.seedDemo && (await isDatabaseEmpty(db))) await seedDemoData(db);
    app = await buildApp({
      db,
      logger: { level: process.env.LOG_LEVEL ?? 'info' },
      trustProxy: config.trustProxy,
      secureCookies: process.env.SECURE_COOKIES === '1',
      frontend: localFrontend(config.remoteUrls),
    });
    await app.listen({ port: config.port, host: process.env.HOST ?? '127.0.0.1' });
    app.log.info({ event: 'runtime', node: process.version }, `Node.js ${process.version}`);
    // Payments in another currency than their trip's, converted again after they or their
    // rates change (trips/paid.ts): the trips list then reads them instead of converting.
    const stopPaid = startPaidRefresher(db, app.log);
    const stopGaps = startGapsRefresher(db, app.log);
    // The general report's stored figures: trips without any (a database from before them) are
    // queued once; the refresher keeps them all current.
    await queueAllTrips(db);
    const stopFigures = startReportFiguresRefresher(db, app.log);
    // The administrative report's deltas folded into its days.
    const stopFolder = startAdministrativeFolder(db, app.log);
    // The confirmation queue's deltas folded into its tally.
    const stopQueueFolder = startDeltaFolder(
      db,
      app.log,
      PENDING_TALLY,
      'Свертка сумм очереди подтверждения не удалась',
    );
    // The outbox's messages sent over SMTP_URL; without it they are marked and wait.
    const stopOutbox = startOutboxWorker(db, app.log, {
      transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : null,
      from: () => senderAddress(db, config.smtpUrl),
      // A payment's receipt is made and numbered when its message is sent; a request's quote
      // (numbered when it was saved) is made then too.
      attachment: (ref) =>
        isQuoteRef(ref) ? quoteAttachment(db, ref) : referencedAttachment(db, ref),
    });
    // The day's reminders (payments, passports, supplier deadlines), once a business day.
    const stopRound = config.messageRound ? startMessageRound(db, app.log) : async () => {};
    stopRefresher = () =>
      Promise.all([
        stopPaid(),
        stopGaps(),
        stopFigures(),
        stopFolder(),
        stopQueueFolder(),
        stopOutbox(),
        stopRound(),
      ]).then(() => undefined);
  } catch (error) {
    // Never leave the embedded server running behind a failed start.
    await stop();
    throw error;
  }
}

main().catch((error: unknown) => {
  // A start-up failure (data folder locked by another API, port taken) is a message, not a trace.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
