// Review 89: under createPamClient a `client.user` change whose signal was aborted before it began
// is refused before any step-up attempt is reserved (docs/errors.md, `aborted`): it holds. (The
// bare user module does not: aborted-before-send-holds-attempt.test.ts.)
import { isPamError } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { until } from '../support/until-view';

const ctx = useReferenceServer();
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (isPamError(e) ? e.code : 'foreign'),
  );

it('three aborted changes leave every attempt; the right password then goes', async () => {
  const client = createPamClient({ baseURL: ctx.server.url, environment: { channel: null } });
  const { email, password } = ctx.server.seed.plain;
  client.login({ login: email, password });
  await until(client, (v) => v.status === 'signedIn');
  const aborted = AbortSignal.abort();
  for (let i = 0; i < 3; i++)
    expect(
      await code(
        client.user.updateEmail(
          { email: 'ana.nova@example.com', password_check: `t${i}` },
          { signal: aborted },
        ),
      ),
    ).toBe('aborted');
  expect(ctx.server.requests.filter((r) => r.path === '/bff/users/self-email').length).toBe(0);
  expect(
    await code(client.user.updateEmail({ email: 'ana.nova@example.com', password_check: password })),
  ).toBe('resolved');
  client.stop();
});
