// Review AL (AL-1, AL-4): `handle` behind a Node host, over real sockets, the host in a child
// process (node-host/child.ts) so that an exception escaping into it is its exit, not ours.
//
// AL-1: a chunked upload past `maxBodyBytes` (413) or still arriving at `timeoutMs` (408): the
// proxy cancelled the body, and the host's stream (h3 1's `toWebRequest`, Node 20's
// `Readable.toWeb`) then pushed the client's next chunk into the cancelled stream: an uncaught
// ERR_INVALID_STATE that killed the host. The proxy now lets go of a body it refuses without
// cancelling it, and answers `Connection: close` (the host ends the upload with the connection).
//
// AL-4: a report file cut off mid-stream (it holds the session's token) under h3 1's
// `sendWebResponse` left the download hanging (200 and headers sent, no end, no reset). The Nuxt
// recipe (docs/apps/nuxt.md) writes the answer with `sendNodeAnswer`, which resets the connection
// when the body errors: the browser's download fails at once.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script of the repository, untyped
import { readSnippets } from '../../scripts/fresh-apps/snippets.mjs';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
let dir = '';

beforeAll(async () => {
  // Inside the project (node_modules/.cache), not the system's temp dir: the child's bundle loads
  // h3 at run time (pam-client/server's optional import), found only from a folder under the
  // project's node_modules (a machine with no /tmp/node_modules failed all 11 cases: exit 1).
  mkdirSync(here('../../node_modules/.cache'), { recursive: true });
  dir = mkdtempSync(join(here('../../node_modules/.cache'), 'pam-node-host-'));
  await build({
    entryPoints: [here('./node-host/child.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: join(dir, 'child.mjs'),
    logLevel: 'silent',
    // A bundle of CommonJS dependencies calls `require`: give the ESM bundle one.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  const snippets = readSnippets(here('../../docs/apps/nuxt.md')) as Map<string, string>;
  const helpers = snippets.get('nuxt-app/server/utils/pam-node.ts') ?? 'export {};';
  const { code } = await transform(helpers, { loader: 'ts', format: 'esm' });
  writeFileSync(join(dir, 'pam-node.mjs'), code);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Outcome {
  /** The child's exit code (0: it stayed up and printed its line). */
  code: number;
  status?: number;
  /** How the answer ended: 'end', 'reset', 'hung' (nothing within 4 s), 'refused'. */
  ended?: string;
  connection?: string;
  /** The status of a request made after it (the host still answers). */
  alive?: number;
}

function host(mode: { body: string; send: string; scenario: string }): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(dir, 'child.mjs'), JSON.stringify(mode), dir],
      { timeout: 30_000 },
      (error, stdout) => {
        const line = stdout.trim().split('\n').at(-1) ?? '';
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        let printed: Omit<Outcome, 'code'> = {};
        try {
          printed = JSON.parse(line);
        } catch {}
        resolve({ code, ...printed });
      },
    );
  });
}

describe('a body the proxy refuses mid-upload, behind a Node host (AL-1)', () => {
  it.each([
    ['h3v1', 'big', 413], // crashed (ERR_INVALID_STATE) before
    ['h3v1', 'bulk', 413],
    ['h3v1', 'drip', 408], // crashed before
    ['toweb', 'big', 413],
    ['toweb', 'bulk', 413], // crashed before
    ['toweb', 'drip', 408],
    ['recipe', 'big', 413],
    ['recipe', 'bulk', 413],
    ['recipe', 'drip', 408],
  ])(
    '%s body, %s upload: answered %i with Connection: close, the host stays up',
    async (body, scenario, status) => {
      const send = body === 'recipe' ? 'recipe' : 'h3v1';
      let outcome = await host({ body, send, scenario });
      // A TCP race, not the host's: the answer closes the connection while the upload's bytes are
      // still coming, and the server's kernel resets it over those unread bytes; on a loaded machine
      // the reset can reach the client before it read the answer (seen once in a full run at load
      // 5). The host stayed up (exit 0, alive): play it once more, the same way.
      if (outcome.ended === 'refused' && outcome.code === 0 && outcome.alive === 200)
        outcome = await host({ body, send, scenario });
      expect(outcome).toEqual({
        code: 0,
        status,
        ended: 'end',
        connection: 'close',
        alive: 200,
      });
    },
  );
});

describe('a report file cut off mid-stream (AL-4)', () => {
  it("h3 1's sendWebResponse (the recipe before): 200, then the download hangs", async () => {
    const outcome = await host({ body: 'h3v1', send: 'h3v1', scenario: 'file' });
    expect(outcome).toMatchObject({ code: 0, status: 200, ended: 'hung', alive: 200 });
  });

  it("the Nuxt recipe's sendNodeAnswer: the connection is reset at once, the host stays up", async () => {
    const outcome = await host({ body: 'recipe', send: 'recipe', scenario: 'file' });
    expect(outcome).toMatchObject({ code: 0, status: 200, ended: 'reset', alive: 200 });
  });
});
