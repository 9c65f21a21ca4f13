// Review 118: the dual-package hazard. The ESM and CJS builds (of the installed tarball) loaded
// in one process: an error or a Secret made by one copy, read by the other's helpers.
import { describe, expect, it } from 'vitest';
import { cjs as cjsOf, esm as esmOf, xstate } from './tarball';

type Core = typeof import('../../src/index');
type Internal = typeof import('../../src/internal');
type Machines = typeof import('../../machines/index');

// (The installed tarball's two builds: test/tarball, `npm run test:tarball`; a clean clone has no dist/.)
const esm = async () => ({
  core: await esmOf<Core>('.'),
  internal: await esmOf<Internal>('./internal'),
  machines: await esmOf<Machines>('./machines'),
});
const cjs = {
  core: cjsOf<Core>(''),
  internal: cjsOf<Internal>('/internal'),
};

describe('review 118 (probes): an error of one copy read by the other', () => {
  it('the two copies are two copies (their classes differ)', async () => {
    const { core } = await esm();
    expect(core.HttpError).not.toBe(cjs.core.HttpError);
  });

  it('a CJS 503 with Retry-After: the ESM helpers read it as transient, with its wait', async () => {
    const { core, internal } = await esm();
    const e = new cjs.core.HttpError({
      status: 503,
      method: 'GET',
      path: '/x',
      body: { message: 'busy' },
      retryAfter: 7,
    });
    expect(core.isPamError(e)).toBe(true);
    expect(internal.isTransientError(e)).toBe(true);
    expect(internal.asPamError(e)).toBe(e);
    expect(core.retryAfterMs(e)).toBe(7_000);
    const d = core.describeError(e, { now: 0 });
    expect(d).toMatchObject({ code: 'http', retryable: true });
  });

  it('a CJS 422 is no transient error for ESM, and its field errors are described', async () => {
    const { core, internal } = await esm();
    const e = new cjs.core.HttpError({
      status: 422,
      method: 'POST',
      path: '/users/update-email',
      body: { message: 'invalid', errors: { email: ['The email has already been taken.'] } },
    });
    expect(internal.isTransientError(e)).toBe(false);
    const d = core.describeError(e);
    expect(d.code).toBe('http');
    expect(Object.keys(d.fields)).toEqual(['email']);
  });

  it('an ESM error in the CJS helpers (the other way round)', async () => {
    const { core } = await esm();
    const e = new core.UnauthorizedError({ status: 401, method: 'POST', path: '/users/refresh-token' });
    expect(cjs.core.isPamError(e)).toBe(true);
    expect(cjs.internal.isTransientError(e)).toBe(false);
    expect(cjs.core.describeError(e).code).toBe('unauthorized');
    expect(cjs.internal.asPamError(new TypeError('fetch failed token=abc')).message).toBe(
      'Unexpected failure (TypeError)',
    );
  });

  it("ESM's inspector redaction: a CJS Secret and a CJS PamError, a foreign Error hidden", async () => {
    const { core } = await esm();
    const seen: unknown[] = [];
    const observer = core.redactInspection((ev: unknown) => seen.push(ev));
    const err = new cjs.core.NetworkError('GET', '/x');
    observer({
      type: '@xstate.snapshot',
      snapshot: {
        context: {
          pwd: cjs.core.secret('hunter2-secret'),
          error: err,
          other: new Error('captcha token t0k3n-XYZ expired'),
        },
      },
    } as never);
    const context = (seen[0] as { snapshot: { context: Record<string, unknown> } }).snapshot.context;
    expect(context.pwd).toBe('[redacted]');
    expect(context.error).toBe(err);
    expect(context.other).toBe('[redacted]');
    expect(JSON.stringify(seen)).not.toMatch(/hunter2-secret|t0k3n-XYZ/);
  });

  it("ESM machines: a CJS auth module's 401 signs out, its 503 keeps the session", async () => {
    const { machines } = await esm();
    const { createActor } = await xstate();
    for (const [status, expired] of [
      [401, true],
      [503, false],
    ] as const) {
      const error =
        status === 401
          ? new cjs.core.UnauthorizedError({ status, method: 'POST', path: '/users/refresh-token' })
          : new cjs.core.HttpError({ status, method: 'POST', path: '/users/refresh-token' });
      let t = 1_000_000;
      const actor = createActor(machines.tokenRefreshMachine, {
        input: { auth: { refreshToken: () => Promise.reject(error) }, now: () => t },
      });
      const events: string[] = [];
      actor.on('*', (e) => events.push(e.type));
      actor.start();
      actor.send({ type: 'TOKEN_SAVED', accessToken: 'a'.repeat(20) });
      t += 1;
      actor.send({ type: 'REFRESH' });
      await new Promise((r) => setImmediate(r));
      expect(events).toEqual([expired ? 'sessionExpired' : 'refreshFailed']);
      expect(actor.getSnapshot().context.error).toBe(error);
      actor.stop();
    }
  });
});
