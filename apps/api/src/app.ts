import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from './db/database';
import { registerAccessControl, type RegisteredRoute } from './plugins/access';
import { registerErrorHandling } from './plugins/errors';
import { registerFrontend, remoteOrigins, type FrontendOptions } from './plugins/frontend';
import { validatorCompiler } from './plugins/validation';
import { registerSessions } from './plugins/session';
import { syncRolesAndPermissions } from './routes/auth/roles-sync';
import { authRoutes } from './routes/auth';
import { userRoutes } from './routes/users';
import { rateRoutes } from './routes/rates';
import { walletRoutes } from './routes/wallets';
import { documentRoutes } from './routes/documents';
import { accountingRoutes } from './routes/accounting';

export interface AppOptions {
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Secure cookies (behind HTTPS). */
  secureCookies?: boolean;
  /** Trust X-Forwarded-* from a proxy in front. */
  trustProxy?: boolean;
  /** The built front ends to serve beside the API (npm start); none in API-only tests. */
  frontend?: FrontendOptions;
}

export type App = FastifyInstance & { registeredRoutes: RegisteredRoute[] };

/** Builds the API (every route under /api); never listens: server.ts does. */
export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  // Support can find a request in the logs by the id the client saw.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Remotes hosted on another origin (REMOTES) must be allowed to run their scripts.
  const scriptOrigins = remoteOrigins(options.frontend);
  await app.register(cookie);
  await app.register(helmet, {
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
  await registerSessions(app, { db: options.db, secureCookies: options.secureCookies ?? false });
  const registeredRoutes = registerAccessControl(app);
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
      await api.register(accountingRoutes, { db: options.db });
    },
    { prefix: '/api' },
  );

  return Object.assign(app, { registeredRoutes }) as unknown as App;
}
