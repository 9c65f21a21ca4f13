// Review 138 (held): a contact change that needs step-up (updateEmail, then updateAddress) through
// `client.user`, the prompt answering a plain string: a wrong password echoed by the server in the
// 422's message and field errors, and a 500 quoting the right one, never reach the error (message,
// JSON, cause, describeError), an inspector, the debug log or a funnel event.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createPamClient } from '../../machines/index';
import { describeError } from '../../src/index';
import { hostileProxy } from '../review124/hostile-proxy';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const WRONG = 'Wr0ng-Pa55-138';

const safe = (v: unknown): string => {
  const seen = new WeakSet();
  try {
    return (
      JSON.stringify(v, (_k, x) => {
        if (typeof x === 'object' && x !== null) {
          if (seen.has(x)) return '[seen]';
          seen.add(x);
        }
        return typeof x === 'function' ? '[fn]' : x;
      }) ?? String(v)
    );
  } catch {
    return inspect(v, { depth: 8 });
  }
};

describe('review 138: the step-up password never leaves the request body (held)', () => {
  it('updateEmail: wrong then right password, echoed; updateAddress: a 500 quoting it', async () => {
    const right = ctx.server.seed.plain.password;
    const proxy = await hostileProxy(
      () => ctx.server.url,
      (m, p, body) => {
        if (m === 'PATCH' && p === '/bff/users/self-email' && body.includes(WRONG))
          return {
            status: 422,
            body: JSON.stringify({
              message: `The password "${WRONG}" is not yours.`,
              code: 'password_check_invalid',
              errors: { password_check: [`${WRONG} is wrong`] },
            }),
          };
        if (m === 'PATCH' && p === '/bff/users/update-address' && body.includes('password_check'))
          return { status: 500, body: JSON.stringify({ message: `SQL error near '${right}'`, sql: right }) };
        return undefined;
      },
    );
    const seen: string[] = [];
    const c = createPamClient({
      baseURL: proxy.url,
      environment: { channel: null },
      inspect: (e) => seen.push(safe(e)),
      debug: (...a: unknown[]) => seen.push(safe(a)),
    });
    try {
      for (const t of [
        'stepUp.started',
        'stepUp.passwordRejected',
        'stepUp.completed',
        'stepUp.failed',
      ] as const)
        c.on(t, (e) => seen.push(safe(e)));
      c.on('mutationOutcomeUnknown', (e) => seen.push(safe(e), e.error.message, safe(e.error)));
      const { email } = ctx.server.seed.plain;
      c.login({ login: email, password: right });
      await until(() => c.view.status === 'signedIn', 'signed in');
      const answers = [WRONG, right];
      await c.user.updateEmail(
        { email: 'new-138@example.com' },
        { onStepUp: async () => answers.shift() ?? null },
      );
      expect(answers).toEqual([]);
      const error = await c.user
        .updateAddress(
          { street: 'Rua A 1', city: 'São Paulo', state: 'SP', zipcode: '01000-000' },
          { onStepUp: async () => right },
        )
        .catch((e: unknown) => e);
      expect((error as { code?: string }).code).toBe('http');
      const e = error as Error & { cause?: unknown; body?: unknown };
      seen.push(e.message, safe(e), safe(e.cause), inspect(e, { depth: 6 }), safe(e.body));
      seen.push(safe(describeError(e, { locale: 'en' })), safe(describeError(e, { locale: 'pt-BR' })));
      await until(() => seen.some((s) => s.includes('mutationOutcomeUnknown')), 'the re-read told');
      seen.push(safe(c.view));
      const all = seen.join('\n');
      expect(all.includes(WRONG)).toBe(false);
      expect(all.includes(right)).toBe(false);
      expect(seen.length).toBeGreaterThan(10);
    } finally {
      c.stop();
      await proxy.close();
    }
  });
});
