// A Node host of `pam-client/server` in a child process (node-host.test.ts runs it, bundled): a
// node:http server that hands `handle` the request and writes its answer the way a host does, so
// an exception escaping into the host (an uncaught one kills the process) is seen as the child's
// exit, not the test runner's. argv[2]: `{ body, send, scenario }` as JSON; argv[3]: the folder of
// the Nuxt recipe's Node helpers (pam-node.mjs, from docs/apps/nuxt.md). Prints one JSON line.
//
// body: 'toweb' (Node's `Readable.toWeb(req)`), 'h3v1' (h3 1.15's `getRequestWebStream`, verbatim
// but for types), 'recipe' (the recipe's `nodeRequestBody`).
// send: 'h3v1' (h3 1.15's `sendWebResponse` + `sendStream`), 'recipe' (`sendNodeAnswer`).
// scenario: 'big' and 'bulk' (chunked uploads past maxBodyBytes: paced, and 1 MiB at once), 'drip' (a body still arriving at
// timeoutMs), 'file' (a report file holding the session's token after its first chunk).

import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createPamServer } from '../../../src/server/index';
import { startReferenceServer } from '../../../src/testing/index';

type Mode = {
  body: 'toweb' | 'h3v1' | 'recipe';
  send: 'h3v1' | 'recipe';
  scenario: 'big' | 'bulk' | 'drip' | 'file';
};
const mode = JSON.parse(process.argv[2]!) as Mode;
const recipe = (await import(pathToFileURL(join(process.argv[3]!, 'pam-node.mjs')).href)) as {
  nodeRequestBody(req: IncomingMessage): ReadableStream<Uint8Array> | undefined;
  sendNodeAnswer(res: ServerResponse, answer: Response): Promise<void>;
};

/** h3 1.15's `getRequestWebStream` for a plain Node request. */
function h3v1Body(req: IncomingMessage): ReadableStream<Uint8Array> | undefined {
  if (!['PATCH', 'POST', 'PUT', 'DELETE'].includes(req.method ?? '')) return undefined;
  return new ReadableStream({
    start: (controller) => {
      req.on('data', (chunk) => {
        controller.enqueue(chunk);
      });
      req.on('end', () => {
        controller.close();
      });
      req.on('error', (err) => {
        controller.error(err);
      });
    },
  });
}

/** h3 1.15's `sendWebResponse` (its `sendStream` for a web stream). */
function h3v1Send(res: ServerResponse, answer: Response): Promise<void> | undefined {
  for (const [key, value] of answer.headers) {
    if (key === 'set-cookie') res.appendHeader(key, value);
    else res.setHeader(key, value);
  }
  res.statusCode = answer.status;
  if (!answer.body) {
    res.end();
    return;
  }
  return answer.body
    .pipeTo(
      new WritableStream({
        write(chunk) {
          res.write(chunk);
        },
      }),
    )
    .then(() => {
      res.end();
    });
}

const bodyOf = (req: IncomingMessage) =>
  mode.body === 'toweb'
    ? req.method === 'GET' || req.method === 'HEAD'
      ? undefined
      : (Readable.toWeb(req) as ReadableStream<Uint8Array>)
    : mode.body === 'h3v1'
      ? h3v1Body(req)
      : recipe.nodeRequestBody(req);

const api = await startReferenceServer({ reportStepMs: 1 });
const pam = createPamServer({
  apiBaseURL: api.url,
  secrets: [{ id: 'k1', secret: 'x'.repeat(40) }],
  cookie: { secure: false },
  timeoutMs: 600,
  maxBodyBytes: 4096,
});
let origin = '';
const host = createServer((req, res) => {
  const request = new Request(`${origin}${req.url}`, {
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([k, v]) =>
      v === undefined ? [] : [v].flat().map((x): [string, string] => [k, x]),
    ),
    body: bodyOf(req),
    duplex: 'half',
  } as RequestInit);
  void pam
    .handle(request, {})
    .then((answer) => (mode.send === 'h3v1' ? h3v1Send(res, answer!) : recipe.sendNodeAnswer(res, answer!)))
    // h3's app catches a handler's rejection: logged, and nothing sent once the headers are out.
    .catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
});
await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
const port = (host.address() as AddressInfo).port;
origin = `http://127.0.0.1:${port}`;

/** A raw request: its status, how its answer ended ('end', 'reset'), and the answer's Connection header. */
/** The last upload's socket closed: no chunk of it can reach the host after this. */
let uploadClosed: Promise<unknown> = Promise.resolve();

function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  write: (q: ReturnType<typeof httpRequest>) => void,
): Promise<{ status?: number; ended: string; connection?: string }> {
  return new Promise((resolve) => {
    const out: { status?: number; connection?: string } = {};
    let settled = false;
    const settle = (ended: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(give);
      resolve({ ...out, ended });
    };
    // A hang detector (this host runs on real time, in a child process): an upload's answer comes
    // in well under a second; 20 s leaves a loaded CI machine its margin. A report file's download
    // that hangs (the old recipe, asserted) is called hung after 4 s.
    const give = setTimeout(
      () => {
        settle('hung');
        q.destroy();
      },
      mode.scenario === 'file' ? 4000 : 20_000,
    );
    const q = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (r) => {
      out.status = r.statusCode;
      out.connection = r.headers.connection;
      r.on('data', () => {});
      r.on('end', () => settle('end'));
      r.on('error', () => settle('reset'));
    });
    q.on('error', () => settle(out.status === undefined ? 'refused' : 'reset'));
    uploadClosed = new Promise((closed) => q.on('close', closed));
    write(q);
  });
}

const upload = { 'content-type': 'application/json', 'x-pam-client': '1', 'transfer-encoding': 'chunked' };
const json = { 'content-type': 'application/json', 'x-pam-client': '1', origin };

/** A signed-in browser's cookie (through the host). */
async function signIn(): Promise<string> {
  const user = api.seed.plain;
  const login = await fetch(`${origin}/pam/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ login: user.email, password: user.password }),
  });
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
}

let answer: Awaited<ReturnType<typeof raw>>;
if (mode.scenario === 'big') {
  // 2 KiB every 5 ms to the login (review AL, nuxt-drip big).
  answer = await raw('POST', '/pam/auth/login', upload, (q) => {
    q.write('{"a":"');
    let i = 0;
    const each = setInterval(() => {
      q.write('x'.repeat(2048));
      if (++i === 40) {
        clearInterval(each);
        q.end('"}');
      }
    }, 5);
    q.on('close', () => clearInterval(each));
  });
} else if (mode.scenario === 'bulk') {
  // A signed-in call (its session read first, so the upload is buffered in the host's stream by
  // then), 1 MiB written at once: the shape that crashed Node's `Readable.toWeb` (review AL, ss-g).
  const cookie = await signIn();
  answer = await raw('PATCH', '/pam/bff/users/update-limits', { ...upload, cookie }, (q) => {
    q.write('{"a":"');
    for (let i = 0; i < 256; i++) q.write('x'.repeat(4096));
    q.end('"}');
  });
} else if (mode.scenario === 'drip') {
  answer = await raw('POST', '/pam/auth/login', upload, (q) => {
    q.write('{"login":');
    let i = 0;
    const each = setInterval(() => {
      q.write(' ');
      if (++i === 12) {
        clearInterval(each);
        q.end('1}');
      }
    }, 100);
    q.on('close', () => clearInterval(each));
  });
} else {
  const cookie = await signIn();
  const made = await fetch(`${origin}/pam/income-report/generate`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ reference_year: 2025, type: 'download' }),
  });
  const { id } = (await made.json()) as { id: number };
  await fetch(`${origin}/pam/income-report/${id}`, { headers: { cookie } }).then((r) => r.arrayBuffer());
  const token = api.requests
    .filter((r) => r.headers.authorization)
    .at(-1)!
    .headers.authorization!.split(' ')[1]!;
  api.faults.add({
    path: /\/file$/,
    status: 200,
    contentType: 'application/pdf',
    body: `%PDF-1.4 ${'A'.repeat(200_000)} ${token} trailer`,
  });
  answer = await raw('GET', `/pam/report-file?id=${id}`, { cookie }, (q) => q.end());
}
// The host is still up once the upload is over (a chunk pushed after the answer would have thrown).
// Once its socket closed, nothing more of the upload can come; one more turn lets the host take
// what came last (no timer: the upload's own end is the event waited for).
await uploadClosed;
await new Promise((resolve) => setImmediate(resolve));
const alive = await fetch(`${origin}/pam/session`).then((r) => r.status);
console.log(JSON.stringify({ ...answer, alive }));
process.exit(0);
