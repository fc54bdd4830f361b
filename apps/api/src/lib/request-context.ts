import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the audit log needs to know of the request a piece of work runs for. */
export interface RequestContext {
  /** request.ip: the client's address (behind a proxy only with TRUST_PROXY). */
  ip: string;
}

const storage = new AsyncLocalStorage<RequestContext>();
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Makes the request's context reachable from any code it runs (a service deep in a transaction
 * writes the caller's address into the audit log without every signature carrying it). The body
 * parser's stream events run outside it, so preValidation enters it again (the pattern of
 * @fastify/request-context). Registered before the other hooks.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ ip: request.ip }, () => {
      const resource = new AsyncResource('request-context');
      resources.set(request, resource);
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
}

/** The client's address of the request this code runs for; null outside a request. */
export function currentIp(): string | null {
  return storage.getStore()?.ip ?? null;
}
