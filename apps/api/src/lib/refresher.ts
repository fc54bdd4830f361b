import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `round` every `everyMs` in the background of a running server (a round still under way is
 * not joined by another); a failure is logged with `failure`, never thrown. The returned function
 * stops it and waits for a round under way.
 */
export function startRefresher(
  round: () => Promise<unknown>,
  everyMs: number,
  log: FastifyBaseLogger,
  failure: string,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= round()
      .then(
        () => undefined,
        (error: unknown) => {
          log.error({ err: error }, failure);
        },
      )
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
