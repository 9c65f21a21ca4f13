// The demo's HTTP server: built apps as static files, and `/api/*` proxied to the reference
// server, so the apps call `${location.origin}/api` with no CORS. Binds 127.0.0.1 only.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

// Hop-by-hop headers (RFC 9110 7.6.1) are the proxy's own business, never forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

function forwardable(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

/** `/api/x?y` -> `${target}/x?y`: method, headers and body passed through, the answer streamed back. */
function proxy(req, res, target, path) {
  const url = new URL(path, target);
  const upstream = httpRequest(
    url,
    { method: req.method, headers: { ...forwardable(req.headers), host: url.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'The reference server did not answer.' }));
  });
  req.on('aborted', () => upstream.destroy());
  req.pipe(upstream);
}

async function fileAt(dir, relative) {
  const root = resolve(dir);
  const path = resolve(join(root, relative));
  if (path !== root && !path.startsWith(root + sep)) return null; // no way out of `dir`
  try {
    const info = await stat(path);
    if (info.isFile()) return path;
    if (info.isDirectory()) return fileAt(path, 'index.html');
  } catch {}
  return null;
}

async function serveStatic(req, res, app, relative) {
  // An unknown path without an extension is a client-side route: answer the app's index.html.
  const path =
    (await fileAt(app.dir, relative)) ?? (extname(relative) ? null : await fileAt(app.dir, 'index.html'));
  if (!path) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    return res.end('Not found');
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
    // Hashed assets may be cached; index.html must not be, or a rebuild is not seen.
    'cache-control': relative.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(path).pipe(res);
}

function normalizeMount(mountPath) {
  const trimmed = `/${mountPath}`.replace(/\/+/g, '/').replace(/\/$/, '');
  return `${trimmed}/`;
}

/**
 * Starts the static + proxy server.
 *
 * @param {{ apps: { mountPath: string, dir: string }[], port?: number, host?: string, apiTarget: string }} options
 *   `apps` are served under their mount paths (the longest match wins); `apiTarget` is the
 *   reference server's URL, which `/api/*` is proxied to with the `/api` prefix stripped.
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 *
 * @example
 * const demo = await startDemo({ apps: [{ mountPath: '/', dir: 'dist/app' }], port: 0, apiTarget: ref.url });
 */
export async function startDemo({ apps, port = 0, host = '127.0.0.1', apiTarget }) {
  if (!apiTarget) throw new Error('startDemo: apiTarget (the reference server URL) is required');
  const mounts = apps
    .map((app) => ({ ...app, mountPath: normalizeMount(app.mountPath) }))
    .sort((a, b) => b.mountPath.length - a.mountPath.length);

  const server = createServer((req, res) => {
    const raw = req.url ?? '/';
    if (raw === '/api' || raw.startsWith('/api/') || raw.startsWith('/api?')) {
      return proxy(req, res, apiTarget, raw.slice(4) || '/');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return res.end();
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(raw, 'http://x').pathname);
    } catch {
      res.writeHead(400);
      return res.end();
    }
    // `/visualizer` -> `/visualizer/`, so the app's relative asset URLs resolve.
    const bare = mounts.find((m) => m.mountPath !== '/' && `${pathname}/` === m.mountPath);
    if (bare) {
      res.writeHead(301, { location: bare.mountPath });
      return res.end();
    }
    const app = mounts.find((m) => pathname.startsWith(m.mountPath));
    if (!app) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Not found');
    }
    serveStatic(req, res, app, pathname.slice(app.mountPath.length)).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address();
  const url = `http://${host}:${address.port}`;
  let closing;
  return {
    url,
    port: address.port,
    close() {
      closing ??= new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
