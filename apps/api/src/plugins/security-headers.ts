import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** Header name → value, as every response carries them. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The security headers of every response (CSP, HSTS, nosniff, frame-ancestors none,
 * Referrer-Policy, Cross-Origin-*), the one source for the normal path, the router's errors and
 * the raw socket's (app.ts, plugins/errors.ts). helmet computes them from this configuration;
 * nothing in it depends on the request, so they are computed once.
 *
 * `scriptOrigins`: remotes hosted on another origin (REMOTES) must be allowed to run their scripts.
 */
export function securityHeaders(scriptOrigins: readonly string[] = []): SecurityHeaders {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptOrigins],
        // antd writes its styles at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...scriptOrigins],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Remote chunks may be loaded by a shell on another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // helmet is a middleware: it writes through setHeader, here into a plain record.
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}
