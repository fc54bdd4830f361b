import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TrustProxy } from './config';
import type { Db } from './db/database';
import { registerRequestContext } from './lib/request-context';
import { registerAccessControl, type RegisteredRoute } from './plugins/access';
import { registerAudit, type AuditOptions } from './plugins/audit';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandling,
  responseHeaders,
} from './plugins/errors';
import { registerFrontend, remoteOrigins, type FrontendOptions } from './plugins/frontend';
import { securityHeaders } from './plugins/security-headers';
import {
  onFirstUseSerializerFactory,
  onFirstUseValidatorCompiler,
  registerTextInputCheck,
  validatorCompiler,
} from './plugins/validation';
import { registerSessions, type SessionOptions } from './plugins/session';
import { syncRolesAndPermissions } from './routes/auth/roles-sync';
import { authRoutes } from './routes/auth';
import { userRoutes } from './routes/users';
import { rateRoutes } from './routes/rates';
import { walletRoutes } from './routes/wallets';
import { documentRoutes } from './routes/documents';
import { companyRoutes } from './routes/company';
import { accountingRoutes } from './routes/accounting';
import { tourRoutes } from './routes/tours';
import { tripRoutes } from './routes/trips';
import { requestRoutes } from './routes/requests';
import { ledgerRoutes } from './routes/ledger';
import { eventRoutes } from './routes/events';
import { supplierRoutes } from './routes/suppliers';
import { priceListRoutes } from './routes/price-lists';
import { costingRoutes } from './routes/costings';
import { bookingRoutes } from './routes/bookings';
import { reportRoutes } from './routes/reports';
import { agentRoutes } from './routes/agent';
import { reconciliationRoutes } from './routes/reconciliation';
import { healthRoutes } from './routes/health';
import { auditRoutes } from './routes/audit';
import { sessionRoutes } from './routes/sessions';
import { importRoutes } from './routes/imports';
import { travelPackRoutes } from './routes/travel-pack';
import { outboxRoutes } from './routes/outbox';
import { invoiceRoutes } from './routes/invoices';

export interface AppOptions {
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Secure cookies (behind HTTPS). */
  secureCookies?: boolean;
  /** Which proxies in front may say who the client is (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  /** The built front ends to serve beside the API (npm start); none in API-only tests. */
  frontend?: FrontendOptions;
  /** The sessions' clock and lifetimes (tests); the system clock and SESSION_* otherwise. */
  sessions?: SessionOptions;
  /** The audit's clock and refusal bounds (tests); a minute's window of 10 otherwise. */
  audit?: AuditOptions;
  /** How often an event stream pings and rechecks its session (tests); 25 s otherwise. */
  events?: { keepAliveMs?: number };
  /**
   * Tests: each route's validators and response serializers are compiled when the route is first
   * called, not all of them at start (about a second per app, most of it for routes a test file
   * never calls). Off by default: a server compiles every schema as it starts, so a schema that
   * cannot compile stops the start instead of failing its route later.
   */
  compileSchemasOnFirstUse?: boolean;
}

/** What a request id from a proxy may look like: a UUID or a similar token. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export type App = FastifyInstance & { registeredRoutes: RegisteredRoute[] };

/** TRUST_PROXY as Fastify takes it: its typings lack the hop count, so hops become a function. */
function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the API (every route under /api); never listens: server.ts does. */
export async function buildApp(options: AppOptions): Promise<App> {
  // One set of headers for every response, whatever produces it (README "Errors").
  const headers = securityHeaders(remoteOrigins(options.frontend));
  const app = Fastify({
    logger: options.logger ?? false,
    // A proxy's request id is kept when it looks like one, so support can follow a request
    // through both logs; anything else (too long, odd characters) is replaced, never echoed.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    // A request that still reaches a closing server (on a connection it had open) is answered by
    // its route with Connection: close, not by Fastify's bare 503 without our headers and body:
    // GET /api/ready then says 503 «Сервер останавливается» in the envelope (routes/health).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's and the HTTP parser's refusals run no hook: they set the headers themselves.
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
    ...(options.compileSchemasOnFirstUse
      ? {
          schemaController: {
            compilersFactory: { buildSerializer: onFirstUseSerializerFactory() },
          },
        }
      : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(
    options.compileSchemasOnFirstUse
      ? onFirstUseValidatorCompiler(validatorCompiler)
      : validatorCompiler,
  );

  // The first hook: every answer from here on, errors included, carries them. The request id
  // lets support find a request in the logs by the id the client saw.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(responseHeaders(headers, request.id));
    done();
  });
  // Before the session: every hook and handler after it runs in the request's context.
  registerRequestContext(app);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API турбюро',
        version: '0.1.0',
        description:
          'Ответы: 200 { code: 1, data }, 422 { code: 0, message, errors }, 401, 403, 404, 419, 429.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'tour_session' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
  });

  // Order matters: the session is read and the CSRF token checked before the access rule runs.
  await registerSessions(app, {
    db: options.db,
    secureCookies: options.secureCookies ?? false,
    ...options.sessions,
  });
  const registeredRoutes = registerAccessControl(app);
  registerAudit(app, options.db, options.audit);
  // After the access check: a caller without the right learns nothing about the input.
  registerTextInputCheck(app);
  const pageFallback = options.frontend ? await registerFrontend(app, options.frontend) : undefined;
  registerErrorHandling(app, pageFallback);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await syncRolesAndPermissions(options.db);

  await app.register(
    async (api) => {
      await api.register(authRoutes, { db: options.db });
      await api.register(userRoutes, { db: options.db });
      await api.register(rateRoutes, { db: options.db });
      await api.register(walletRoutes, { db: options.db });
      await api.register(documentRoutes, { db: options.db });
      await api.register(companyRoutes, { db: options.db });
      await api.register(accountingRoutes, { db: options.db });
      await api.register(tourRoutes, { db: options.db });
      await api.register(tripRoutes, { db: options.db });
      await api.register(requestRoutes, { db: options.db });
      await api.register(ledgerRoutes, { db: options.db });
      await api.register(eventRoutes, { db: options.db, keepAliveMs: options.events?.keepAliveMs });
      await api.register(supplierRoutes, { db: options.db });
      await api.register(priceListRoutes, { db: options.db });
      await api.register(costingRoutes, { db: options.db });
      await api.register(bookingRoutes, { db: options.db });
      await api.register(reportRoutes, { db: options.db });
      await api.register(agentRoutes, { db: options.db });
      await api.register(reconciliationRoutes, { db: options.db });
      await api.register(healthRoutes, { db: options.db });
      await api.register(auditRoutes, { db: options.db });
      await api.register(sessionRoutes, { db: options.db });
      await api.register(importRoutes, { db: options.db });
      await api.register(travelPackRoutes, { db: options.db });
      await api.register(outboxRoutes, { db: options.db });
      await api.register(invoiceRoutes, { db: options.db });
    },
    { prefix: '/api' },
  );

  return Object.assign(app, { registeredRoutes }) as unknown as App;
}
