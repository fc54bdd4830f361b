/**
 * Whether an error says the database cannot be reached now (it is down, restarting, refusing
 * connections or cut the one in use), as opposed to a fault of the request or of the code: such a
 * request is answered 503 with Retry-After, not 500 (plugins/errors.ts).
 */

/** PostgreSQL's SQLSTATEs of a server going away or refusing connections (class 08, 57P, 53300). */
const SERVER_CODES = new Set([
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '53300', // too_many_connections
]);

/** The network's codes of a server that is not there or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a connection that ended or never came (it sets no code). */
const CLIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SERVER_CODES.has(code) || NETWORK_CODES.has(code))) return true;
  if (CLIENT_MESSAGES.test(error.message)) return true;
  // Node reports a refused connection to every address of a name as one AggregateError.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}
