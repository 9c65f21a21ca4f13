// review 142: review 138 refuses a write answered 2xx with a bare false / 0 / "false"; every other
// bare answer a real backend gives to a made change still resolves (204, empty, null, "", true, 1,
// "ok", "0 rows").
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hostile, TOKEN } from '../review141/hostile';

let srv: Awaited<ReturnType<typeof hostile>>;
let reply: { status: number; body: string } = { status: 200, body: '' };
beforeAll(async () => {
  srv = await hostile();
  srv.on((_q, res) =>
    res
      .writeHead(reply.status, reply.body ? { 'content-type': 'application/json' } : {})
      .end(reply.status === 204 ? undefined : reply.body),
  );
});
afterAll(() => srv.close());

const user = () =>
  createUserModule(createOfetchAdapter({ baseURL: srv.url, getAccessToken: () => TOKEN, retry: 0 }));

for (const [status, body] of [
  [204, ''],
  [200, ''],
  [200, 'null'],
  [200, '""'],
  [200, 'true'],
  [200, '1'],
  [200, '"ok"'],
  [200, '"0 rows"'],
  [201, '{}'],
] as const)
  it(`updateMarketing answered ${status} ${body || '(empty)'} resolves`, async () => {
    reply = { status, body };
    const out = await user()
      .updateMarketing({ mkt_accepted: true })
      .then(
        () => 'ok',
        (e: { code?: string }) => e.code,
      );
    expect(out).toBe('ok');
  });

for (const body of ['false', '0', '"false"', '" FALSE "'])
  it(`updateMarketing answered 200 ${body} is invalid_response`, async () => {
    reply = { status: 200, body };
    await expect(user().updateMarketing({ mkt_accepted: true })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
