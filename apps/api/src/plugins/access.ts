import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { can, is, STAFF_ROLE_EXPRESSION } from '@tour/core';
import { forbidden, unauthenticated } from '../lib/http-errors';

/** Who may call a route. Every route declares one; a route without it is refused to all. */
export type Access =
  { public: true } | { auth: true; permission?: string; roles?: string; description?: string };

export const PUBLIC: Access = { public: true };
export const AUTHENTICATED: Access = { auth: true };
/** The main section's rule: any staff role (SPEC.md 6: all non-counterparty roles). */
export const STAFF: Access = { auth: true, roles: STAFF_ROLE_EXPRESSION };
/** The agent area's rule: the counterparty role only (SPEC.md 6). */
export const AGENT: Access = { auth: true, roles: 'counterparty' };
/** A permission expression of the shared `can` (`a|b`, `a&b`). */
export const permission = (expression: string): Access => ({ auth: true, permission: expression });

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** A registered route and its declared rule, for the test that checks every route has one. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

/** The rule check itself, shared by the hook and the tests. */
export function accessAllows(
  access: Access | undefined,
  viewer: { roles: string[]; permissions: string[] } | null,
): 'ok' | 'unauthenticated' | 'forbidden' {
  if (!access) return viewer ? 'forbidden' : 'unauthenticated';
  if ('public' in access) return 'ok';
  if (!viewer) return 'unauthenticated';
  if (access.permission !== undefined && !can(access.permission, viewer)) return 'forbidden';
  if (access.roles !== undefined && !is(access.roles, viewer)) return 'forbidden';
  return 'ok';
}

const REFUSALS = new Set([401, 403, 419, 429]);

/**
 * Records every route with its declared rule, and checks the rule before the handler runs. The
 * OpenAPI pages and the front end's files are public by nature and are marked so here (their
 * plugins cannot declare it).
 */
export function registerAccessControl(app: FastifyInstance): RegisteredRoute[] {
  const own: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    // Outside /api are only the front end's static files and /remotes.json: public by nature.
    const publicByNature = !route.url.startsWith('/api/') || route.url.startsWith('/api/docs');
    if (!route.config?.access && publicByNature) {
      route.config = { ...route.config, access: PUBLIC };
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      own.push({ method, url: route.url, access: route.config?.access });
    }
  });
  // preValidation: a caller without the right learns nothing about the input a route expects.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.is404) return; // unknown paths answer 404 whoever asks
    const access = request.routeOptions.config.access;
    const verdict = accessAllows(access, request.viewer);
    if (verdict === 'unauthenticated') throw unauthenticated();
    if (verdict === 'forbidden') throw forbidden();
  });
  app.addHook('onResponse', async (request, reply) => {
    if (REFUSALS.has(reply.statusCode)) {
      request.log.warn(
        {
          event: 'refused',
          status: reply.statusCode,
          method: request.method,
          url: request.url,
          userId: request.viewer?.id ?? null,
        },
        'request refused',
      );
    }
  });
  return own;
}
