// REVIEW154 probes: a profile read (GET /auth/user-profile) that fails with an answer echoing the
// request's Authorization header (the token, bare, as Bearer, in a message, a field error and a
// nested value): the restrictions' `error` every binding hands out holds no token, in its text,
// its own properties (enumerable or not) or what `describeError` makes of it; the player is never
// shown free to bet.
import { describeError } from 'pam-client';
import { createPamClient, type SessionView } from 'pam-client/machines';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { selectorStore, sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSession } from '../../src/bindings/vue';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';
import { echoProxy } from './echo-proxy';

const ctx = useReferenceServer();
let proxy: Awaited<ReturnType<typeof echoProxy>>;
beforeAll(async () => {
  proxy = await echoProxy(() => ctx.server.url);
});
afterAll(() => proxy.close());
const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0).reverse()) s();
});

/** Every string reachable from `root` through own properties (non-enumerable too). */
function strings(root: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, depth: number) => {
    if (typeof v === 'string') return void out.push(v);
    if (depth > 30 || typeof v !== 'object' || v === null || seen.has(v)) return;
    seen.add(v);
    for (const key of Reflect.ownKeys(v)) {
      const d = Object.getOwnPropertyDescriptor(v, key);
      if (d && 'value' in d) walk(d.value, depth + 1);
    }
    walk(Object.getPrototypeOf(v) === Object.prototype ? null : (v as { cause?: unknown }).cause, depth + 1);
  };
  walk(root, 0);
  return out;
}

describe('a failing profile read that echoes the token', () => {
  for (const status of [500, 422, 403]) {
    it(`${status}: no binding hands out the token`, async () => {
      proxy.on((req, res) => {
        if (!req.url?.startsWith('/auth/user-profile')) return false;
        const auth = String(req.headers.authorization ?? '');
        const bare = auth.replace(/^Bearer\s+/i, '');
        res.writeHead(status, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            message: `bad token ${bare} (${auth})`,
            errors: { token: [`invalid: ${bare}`], authorization: [auth] },
            data: { access_token: bare, nested: [{ header: auth }] },
          }),
        );
        return true;
      });
      const c = createPamClient({
        baseURL: proxy.url,
        timeout: REAL_TIME_TIMEOUT_MS,
        environment: { channel: null },
      });
      stops.push(() => c.stop());
      const seen: SessionView[] = [];
      stops.push(onSessionChange(c, (v) => seen.push(v)));
      stops.push(sessionStore(c).subscribe((v) => seen.push(v)));
      const errors: unknown[] = [];
      stops.push(selectorStore(c.state, (v) => v.restrictions?.error).subscribe((e) => errors.push(e)));
      const scope = effectScope();
      stops.push(() => scope.stop());
      const refs = scope.run(() => useSession(c))!;
      await until(() => c.view.status === 'signedOut');
      c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
      await until(
        () => c.view.restrictions?.error != null,
        () => `${c.view.status} ${c.view.restrictions?.status}`,
      );
      const token = (await c.tokens.get())?.accessToken;
      expect(token).toBeTruthy();
      const error = refs.restrictions.value?.error;
      expect(error).toBeTruthy();
      expect(seen.some((v) => v.restrictions?.canBet === true)).toBe(false);
      const handed = [seen, errors, error, describeError(error, { locale: 'en' })];
      const texts = strings(handed);
      expect(texts.length).toBeGreaterThan(5);
      // (The echo reached the error, its token scrubbed.)
      expect(strings(error).some((t) => t.includes('bad token'))).toBe(true);
      expect(texts.filter((t) => t.includes(token!) || t.includes(token!.slice(0, 16)))).toEqual([]);
      expect(`${String(error)} ${JSON.stringify(handed)}`).not.toContain(token!.slice(0, 16));
    });
  }
});
