// The nginx configuration of the topology (deploy/README.md): the shell's origin with the API
// behind it, and one origin per remote. A pure function of the ports and folders, so its rules are
// tested without starting anything (deploy/nginx.test.ts).
import { securityHeaders } from '../apps/api/src/plugins/security-headers';

export const REMOTE_NAMES = ['booking', 'accounting', 'reports', 'agent'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface NginxLayout {
  /** nginx's own folder: pid, logs, temporary files. */
  prefix: string;
  /** The shell's static folder (index.html, hashed files, remotes.json). */
  shellDir: string;
  /** Each remote's folder of releases (`<dir>/<version>/mf-manifest.json`). */
  remoteDirs: Record<RemoteName, string>;
  shellPort: number;
  remotePorts: Record<RemoteName, number>;
  /** The API instances behind the shell's /api/. */
  apiPorts: number[];
  /** Remotes whose origin is taken down (left out of the configuration). */
  down?: readonly RemoteName[];
  /** The account nginx's workers run as when it starts as root. */
  user?: string;
  /** The host name in the origins (`localhost`); nginx listens on 127.0.0.1 whatever it is. */
  host?: string;
}

/** A file name webpack gave a content hash (webpack.config.base.js: 12 hex digits). */
export const HASHED_FILE = String.raw`\.[0-9a-f]{12}\.(js|css|png|svg|jpe?g|gif|ico|woff2?)$`;
/** What says where a remote's code is: its manifest and its remote entry. */
export const ENTRY_FILE = String.raw`/(mf-manifest\.json|remoteEntry(\.[0-9a-f]+)?\.js)$`;
/** Never served stale: revalidated at every use (ETag / Last-Modified answer 304 when unchanged). */
export const REVALIDATE = 'no-cache';
/** A content-hashed file never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function originOf(host: string, port: number): string {
  return `http://${host}:${port}`;
}

const IP_ADDRESS = /^(\d+\.\d+\.\d+\.\d+|\[[0-9a-f:.]+\])$/i;

/**
 * The site of an origin as browsers compare sites: scheme and host name, the port left out. An
 * IP address has no registrable domain: Chromium counts each of its origins as a site of its own
 * (measured: a remote on another port of 127.0.0.1 is blocked as not same-site).
 */
function siteOf(origin: string): string {
  const url = new URL(origin);
  return IP_ADDRESS.test(url.hostname) ? url.origin : `${url.protocol}//${url.hostname}`;
}

/**
 * Cross-Origin-Resource-Policy of a remote's files: `same-site` when the shell has the same host
 * name (another port, as here), otherwise `cross-origin` (a CDN on a domain of its own, bare IP
 * addresses; a subdomain too, which a browser would count as the same site, but telling that
 * needs the public suffix list).
 */
export function resourcePolicy(shellOrigin: string, remoteOrigin: string): string {
  return siteOf(shellOrigin) === siteOf(remoteOrigin) ? 'same-site' : 'cross-origin';
}

const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** add_header lines (`always`: error pages carry them too). */
function headerLines(headers: Record<string, string>, indent: string): string {
  return Object.entries(headers)
    .map(([name, value]) => `${indent}add_header ${name} ${quote(value)} always;`)
    .join('\n');
}

/**
 * nginx.conf. The shell's origin: index.html for every page path (the shell's router decides),
 * /remotes.json and index.html revalidated, hashed files immutable, /api/ to the API instances
 * (a stopped one is skipped: a refused connection goes to the next). Each remote's origin: its
 * releases, the manifests and remote entries revalidated, hashed files immutable, readable by the
 * shell's origin only (CORS) and by the same site (CORP).
 */
export function nginxConfig(layout: NginxLayout): string {
  const host = layout.host ?? 'localhost';
  const shellOrigin = originOf(host, layout.shellPort);
  const down = new Set(layout.down ?? []);
  const remoteOrigins = REMOTE_NAMES.map((name) => originOf(host, layout.remotePorts[name]));
  // The page's headers as the API gives them, its CSP allowing the remotes' origins.
  const pageHeaders = securityHeaders(remoteOrigins);
  const shellHeaders = (cache: string, indent: string) =>
    headerLines({ ...pageHeaders, 'Cache-Control': cache }, indent);

  const remoteServer = (name: RemoteName) => {
    const origin = originOf(host, layout.remotePorts[name]);
    const common = {
      'Access-Control-Allow-Origin': shellOrigin,
      Vary: 'Origin',
      'Cross-Origin-Resource-Policy': resourcePolicy(shellOrigin, origin),
      'X-Content-Type-Options': 'nosniff',
    };
    const headers = (cache: string) => headerLines({ ...common, 'Cache-Control': cache }, '      ');
    return `
  # ${name}: its releases, each in a folder named by its version.
  server {
    listen 127.0.0.1:${layout.remotePorts[name]};
    root ${quote(layout.remoteDirs[name])};
    # Regular expressions match in this order: the manifests and remote entries (a hash in
    # their name or not) are revalidated, every other hashed file is immutable.
    location ~ "${ENTRY_FILE}" {
${headers(REVALIDATE)}
    }
    location ~ "${HASHED_FILE}" {
${headers(IMMUTABLE)}
    }
    location / {
${headers(REVALIDATE)}
    }
  }`;
  };

  const upstream = layout.apiPorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=0;`)
    .join('\n');
  return `# Written by deploy/topology.ts: do not edit, run npm run deploy:local again.
${layout.user ? `user ${layout.user};\n` : ''}worker_processes 2;
pid ${quote(`${layout.prefix}/nginx.pid`)};
error_log ${quote(`${layout.prefix}/error.log`)} warn;
events { worker_connections 1024; }

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${quote(`${layout.prefix}/access.log`)};
  client_body_temp_path ${quote(`${layout.prefix}/temp/body`)};
  proxy_temp_path ${quote(`${layout.prefix}/temp/proxy`)};
  fastcgi_temp_path ${quote(`${layout.prefix}/temp/fastcgi`)};
  uwsgi_temp_path ${quote(`${layout.prefix}/temp/uwsgi`)};
  scgi_temp_path ${quote(`${layout.prefix}/temp/scgi`)};
  sendfile on;
  server_tokens off;
  etag on;
  gzip on;
  gzip_types application/javascript application/json text/css image/svg+xml;
  gzip_min_length 512;

  # The API instances: no kept-alive connections to them, so a stopped instance is a refused
  # connection, which nginx retries on the next one (even a POST: nothing was sent). None is ever
  # marked down (max_fails=0): a refused connection on this network costs nothing, and an instance
  # started again takes requests at once.
  upstream api {
${upstream}
  }

  # The shell: the pages, /remotes.json, and the API behind /api/.
  server {
    listen 127.0.0.1:${layout.shellPort};
    root ${quote(layout.shellDir)};
    location /api/ {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      # The edge proxy: what a client claims in its own X-Forwarded-For is dropped, not passed on.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_read_timeout 120s;
      client_max_body_size 20m;
    }
    location = /remotes.json {
${shellHeaders(REVALIDATE, '      ')}
    }
    location ~ "${HASHED_FILE}" {
${shellHeaders(IMMUTABLE, '      ')}
    }
    location / {
      try_files $uri /index.html;
${shellHeaders(REVALIDATE, '      ')}
    }
  }
${REMOTE_NAMES.filter((name) => !down.has(name))
  .map(remoteServer)
  .join('\n')}
}
`;
}
