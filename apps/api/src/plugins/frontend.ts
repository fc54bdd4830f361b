import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Where the built front ends are and where the shell finds each remote's manifest. */
export interface FrontendOptions {
  /** The shell's build folder (index.html at its root). */
  shellDir: string;
  /** Remote name → its build folder, served under /remotes/<name>/. */
  remoteDirs: Record<string, string>;
  /** Remote name → manifest URL, when a remote is hosted elsewhere (REMOTES). */
  remoteUrls?: Record<string, string>;
}

// webpack names chunks with a 12-hex content hash (webpack.config.base.js): such a file never
// changes, so browsers keep it for a year; everything else is revalidated every time.
const HASHED = /\.[0-9a-f]{12}\.(js|css|png|svg|jpe?g|gif|ico|woff2?)$/;
const NO_CACHE = 'no-cache, no-store, must-revalidate';

function cacheHeaders(response: { setHeader(name: string, value: string): void }, file: string) {
  response.setHeader(
    'cache-control',
    HASHED.test(path.basename(file)) && !path.basename(file).startsWith('remoteEntry')
      ? 'public, max-age=31536000, immutable'
      : NO_CACHE,
  );
}

/** Origins of remotes hosted elsewhere, for the Content-Security-Policy. */
export function remoteOrigins(options: FrontendOptions | undefined): string[] {
  const origins = Object.values(options?.remoteUrls ?? {}).flatMap((url) => {
    try {
      return url.startsWith('http') ? [new URL(url).origin] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/** The remotes.json the shell reads at start: name → manifest URL. */
export function remotesManifest(options: FrontendOptions): Record<string, string> {
  const local = Object.fromEntries(
    Object.keys(options.remoteDirs).map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
  );
  return { ...local, ...options.remoteUrls };
}

/**
 * Serves the composed product from the API's process: the shell at /, each remote's build under
 * /remotes/<name>/, and /remotes.json. Unknown non-API paths get the shell's index.html (the
 * shell's router decides), so deep links and reloads work.
 */
export async function registerFrontend(app: FastifyInstance, options: FrontendOptions) {
  const indexHtml = path.join(options.shellDir, 'index.html');
  app.get('/remotes.json', async (_request, reply) =>
    reply.header('cache-control', NO_CACHE).send(remotesManifest(options)),
  );
  await app.register(fastifyStatic, {
    root: options.shellDir,
    prefix: '/',
    index: false,
    wildcard: false,
    setHeaders: cacheHeaders,
    cacheControl: false,
  });
  for (const [name, dir] of Object.entries(options.remoteDirs)) {
    if (!fs.existsSync(dir)) continue;
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      wildcard: false,
      setHeaders: cacheHeaders,
      cacheControl: false,
    });
  }
  return function spaFallback(request: FastifyRequest, reply: FastifyReply): boolean {
    const url = request.url.split('?')[0] ?? '';
    const isPage =
      request.method === 'GET' &&
      !url.startsWith('/api/') &&
      !url.startsWith('/remotes/') &&
      !path.extname(url);
    if (!isPage || !fs.existsSync(indexHtml)) return false;
    void reply
      .header('cache-control', NO_CACHE)
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(indexHtml));
    return true;
  };
}
