import { secret } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { usePamClients } from '../support/clients';
import { useReferenceServer } from '../support/server';

// REVIEW-Y Y-12: under the session client, `client.user`'s step-up (the client's `onStepUp`) sends
// the change again with a fresh captcha token from the payload's provider, never the first one
// again (single-use). Over real sockets against the reference server.

const ctx = useReferenceServer();
const { client, signIn } = usePamClients(ctx);
const tokens = () =>
  ctx.server.requests
    .filter((r) => r.path.startsWith('/users/update'))
    .map((r) => (r.body as { captcha_token?: unknown }).captcha_token);

describe('client.user: a captcha provider through the client onStepUp (Y-12)', () => {
  it('calls the provider at each send: the resend carries a fresh token', async () => {
    let prompts = 0;
    const c = client({
      onStepUp: async () => {
        prompts++;
        return secret(ctx.server.seed.plain.password);
      },
    });
    await signIn(c);
    let calls = 0;
    const captcha_token = async () => `captcha-${++calls}-abcdefghijklmnop`;
    await c.user.updateProfile(ctx.server.seed.plain.id, { email: 'ana.client@example.com', captcha_token });
    expect([prompts, calls]).toEqual([1, 2]);
    expect(tokens()).toEqual(['captcha-1-abcdefghijklmnop', 'captcha-2-abcdefghijklmnop']);
    // Nothing of the provider in the view.
    expect(JSON.stringify(c.view)).not.toContain('captcha-');
  });

  it('a provider that throws: a typed error, nothing sent', async () => {
    const c = client({ onStepUp: async () => ctx.server.seed.plain.password });
    await signIn(c);
    const error = await c.user
      .updateProfile(ctx.server.seed.plain.id, {
        first_name: 'Ana',
        captcha_token: () => {
          throw new Error('captcha widget failed');
        },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unexpected' });
    expect(String((error as Error).message)).not.toContain('captcha widget');
    expect(tokens()).toEqual([]);
  });
});
