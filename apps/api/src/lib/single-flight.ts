/**
 * Shares one running computation among the callers that ask for the same key while it runs.
 * Nothing is remembered once it settles: a caller gets at worst the answer of a query that began
 * a moment before its own request, never a stored one. Scoped per database (test databases in
 * one process never meet).
 */
export function singleFlight<Scope extends object, T>() {
  const running = new WeakMap<Scope, Map<string, Promise<T>>>();
  return (scope: Scope, key: string, run: () => Promise<T>): Promise<T> => {
    let flights = running.get(scope);
    if (!flights) running.set(scope, (flights = new Map()));
    const current = flights.get(key);
    if (current) return current;
    const started = run().finally(() => flights.delete(key));
    flights.set(key, started);
    return started;
  };
}
