// A browser that goes away while sending its body (review 7, s6 part d): `readBody` let the
// stream's error out, so `pam.handle()` rejected with it. The body's read is the request's, and
// a body that cannot be read is a bad request: 400, never a rejection (nothing forwarded).

import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServedHandler, serveHandler } from '../support/serve-handler';
import { APP, json, pamFor, useHostile } from './hostile';

const hostile = useHostile();
const served: ServedHandler[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.close()));
});

/** A body that sends `head` and then fails (the browser went away). */
const failingBody = (head: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
      controller.error(new Error('client went away'));
    },
  });

describe('a request body that fails while read', () => {
  it.each(['/pam/auth/forgot-password', '/pam/auth/login', '/pam/bff/users/update-limits'])(
    '%s: answered 400, nothing forwarded, handle never rejects',
    async (path) => {
      const api = await hostile.api();
      api.handler = (_req, res) => json(res, 200, {});
      const pam = pamFor(api);
      const init = {
        method: path.includes('update-limits') ? 'PATCH' : 'POST',
        headers: { 'x-pam-client': '1', 'content-type': 'application/json' },
        body: failingBody('{"login":'),
        duplex: 'half',
      } as RequestInit;
      const answer = await pam.handle(new Request(`${APP}${path}`, init)).catch((e: unknown) => e);
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(400);
      expect(await (answer as Response).json()).toEqual({ message: 'The body could not be read.' });
      expect(api.requests).toEqual([]);
    },
  );

  it('over a real socket: a browser that closes mid-upload gets handle() settled with 400', async () => {
    const api = await hostile.api();
    api.handler = (_req, res) => json(res, 200, {});
    const pam = pamFor(api);
    const outcomes: unknown[] = [];
    let settled!: () => void;
    const done = new Promise<void>((resolve) => {
      settled = resolve;
    });
    let arrived!: () => void;
    const reading = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const app = await serveHandler((req, context) => {
      arrived();
      return pam.handle(req, context).then(
        (answer) => {
          outcomes.push(answer?.status);
          settled();
          return answer;
        },
        (error: unknown) => {
          outcomes.push(error);
          settled();
          throw error;
        },
      );
    });
    served.push(app);
    const client = httpRequest(`${app.url}/pam/auth/forgot-password`, {
      method: 'POST',
      headers: { 'x-pam-client': '1', 'content-type': 'application/json', 'content-length': '1000' },
    });
    client.on('error', () => {}); // the socket this test destroys
    client.write('{"login":');
    await reading; // the app's server has the request, its body half sent
    client.destroy();
    await done;
    expect(outcomes).toEqual([400]);
    expect(api.requests).toEqual([]);
  });
});
