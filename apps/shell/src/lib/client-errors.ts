// A section's failure in the browser, sent to the server's log: the console of the user's browser
// is out of reach, and after a redeploy a remote that no longer fits the shell shows up nowhere
// else. Through the one `http` client (the CSRF header), fire and forget.
import { http, type RemoteAppName } from '@tour/shared';

/** The API route that logs a failure seen in the browser (under /api). */
export const CLIENT_ERRORS_CALL = '/client-errors';

/** What POST /api/client-errors accepts: at most these many characters of each field. */
const MESSAGE_MAX = 2000;
const URL_MAX = 2000;

/**
 * Sends `message` about `section` to the server's log with the page's URL. Never rejects and
 * never throws: a report that fails (server down, refused) is dropped, it must not become a
 * second error.
 */
export function sendClientError(section: RemoteAppName, message: string): void {
  try {
    http
      .post(CLIENT_ERRORS_CALL, {
        section,
        message: message.slice(0, MESSAGE_MAX),
        url: window.location.href.slice(0, URL_MAX),
      })
      .catch(() => undefined);
  } catch {
    // A request that cannot even start is dropped the same way.
  }
}
