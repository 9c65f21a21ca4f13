// Review 144: the error a failed logout leaves on the signed-out view (`view.error`, the session's
// `takeError`), when the logout's answer echoes the token it revoked: in its message, its field
// errors (`errors`), any field of its body, a header-like text. An app hands that error to its error
// reporter (which reads every property, hidden ones too): the token must be in none of them.
import { inspect } from 'node:util';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const bodies: [string, number, (t: string) => unknown][] = [
  [
    'a 500',
    500,
    (t) => ({ message: `bad ${t}`, errors: { token: [t, `x${t}y`] }, echo: t, nested: [{ a: t }] }),
  ],
  ['a 422', 422, (t) => ({ message: `Bearer ${t} invalid`, errors: { [t]: ['bad'] } })],
  [
    'a 401',
    401,
    (t) => ({ message: `token ${t.toUpperCase()} expired`, seen: `Authorization: Bearer ${t}` }),
  ],
  ['a 429', 429, (t) => ({ message: `slow down ${encodeURIComponent(t)}`, echo: btoa(t) })],
];

describe('review 144: the failed logout error on the signed-out view (held)', () => {
  for (const [name, status, body] of bodies)
    it(`${name} echoing the token: the view's error holds it nowhere`, async () => {
      const c = createPamClient({ baseURL: ctx.server.url, environment: { channel: null } });
      clients.push(c);
      const { email, password } = ctx.server.seed.plain;
      c.login({ login: email, password });
      await until(() => c.view.status === 'signedIn', 'signed in');
      const token = (await c.tokens.get())!.accessToken;
      ctx.server.faults.add({ method: 'POST', path: '/auth/logout', status, body: body(token) });
      c.logout();
      await until(() => c.view.status === 'signedOut', 'signed out');
      const e = c.view.error as unknown as Record<string, unknown> | null;
      expect((e as { status?: unknown } | null)?.status).toBe(status);
      const texts = [
        inspect(e, { showHidden: true, depth: 10 }),
        JSON.stringify(e),
        JSON.stringify((e as { body?: unknown } | null)?.body ?? null),
        JSON.stringify((e as { fieldErrors?: unknown } | null)?.fieldErrors ?? null),
        String(e?.message),
        String(e?.stack),
      ];
      const hunted = [token, token.toUpperCase(), encodeURIComponent(token), btoa(token)];
      expect(texts.filter((s) => hunted.some((h) => s.includes(h)))).toEqual([]);
      expect(await c.tokens.get()).toBeNull();
    });
});
