// The app's own callbacks given to `createPamServer` (`store`, `now`) that throw: `handle` and
// `getSession` reject with the core's `UnexpectedError` (docs/errors.md: a callback that threw,
// its class name only), never the foreign error or its message (review rj10 LOW-1's class).

import { describe, expect, it } from 'vitest';
import { isPamError, UnexpectedError } from '../../src/index';
import type { PamSessionStore } from '../../src/server/index';
import { json, loginOk, pamFor, request, signIn, useHostile } from './hostile';

const hostile = useHostile();
const LEAK = 'redis://admin:hunter2@10.0.0.1';

/** A memory store that throws (a message quoting its connection string) once `broken`. */
function store(): PamSessionStore & { broken: boolean } {
  const m = new Map<string, string>();
  const check = () => {
    if (s.broken) throw new Error(`store down: ${LEAK}`);
  };
  const s = {
    broken: false,
    async get(k: string) {
      check();
      return m.get(k) ?? null;
    },
    async set(k: string, v: string) {
      check();
      m.set(k, v);
    },
    async claim(k: string, v: string) {
      check();
      if (m.has(k)) return false;
      m.set(k, v);
      return true;
    },
  };
  return s;
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('createPamServer: an app callback that throws', () => {
  // REVIEW-P P4: a store that throws is told apart (the typed 503, the seed unavailable); its message is still never kept.
  it('a store that throws: handle answers the typed 503 and getSession the seed unavailable, its message not kept', async () => {
    const api = await hostile.api();
    api.handler = (req, res) =>
      req.url?.startsWith('/auth/login') ? json(res, 200, loginOk()) : json(res, 200, {});
    const s = store();
    const pam = pamFor(api, { store: s });
    const cookie = await signIn(pam);
    s.broken = true;
    const answer = (await pam.handle(request('/pam/auth/user-profile?check_spa_again=1', { cookie })))!;
    expect(answer.status).toBe(503);
    expect(await answer.text()).not.toContain('hunter2');
    const seed = await pam.getSession(request('/', { cookie }));
    expect(seed.initial.status).toBe('unavailable');
    expect(JSON.stringify(seed)).not.toContain('hunter2');
  });

  it('a clock that throws: the same', async () => {
    const api = await hostile.api();
    api.handler = (req, res) =>
      req.url?.startsWith('/auth/login') ? json(res, 200, loginOk()) : json(res, 200, {});
    let broken = false;
    const pam = pamFor(api, {
      now: () => {
        if (broken) throw new RangeError(`clock: ${LEAK}`);
        return Date.now();
      },
    });
    const cookie = await signIn(pam);
    broken = true;
    const error = await failure(pam.handle(request('/pam/auth/user-profile?check_spa_again=1', { cookie })));
    expect(error).toBeInstanceOf(UnexpectedError);
    expect((error as Error).message).toBe('Unexpected failure (RangeError)');
  });
});
