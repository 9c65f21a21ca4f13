// REVIEW-Q Q-2: `login()` again at the code step (the only way to get a new code) reset
// `codeAttemptsLeft` to 5 while the server kept counting; the client cap of five rejected codes per
// challenge could be bypassed by resending. A resend of the same login keeps the count; another
// login, or a login after the flow ended, starts from 5.

import { describe, expect, it } from 'vitest';
import { type Tab, useWorld } from '../support/world';

const world = useWorld();
const codeSends = () =>
  world.server.requests.filter(
    (r) => r.path === '/auth/login' && (r.body as { two_factor_code?: unknown })?.two_factor_code,
  ).length;

async function wrongCodes(tab: Tab, n: number) {
  for (let i = 0; i < n; i++) {
    tab.client.submitCode(`00000${i}`);
    await world.advance(300);
  }
}

describe('a resend at the code step keeps the rejected codes (Q-2)', () => {
  it('same login: the count goes on, and the fifth rejected code of the challenge fails', async () => {
    const tab = world.open();
    await world.settle();
    const { email, password } = world.server.seed.twoFactor;
    tab.client.login({ login: email, password });
    await world.advance(300);
    await wrongCodes(tab, 2);
    expect(tab.client.view.codeAttemptsLeft).toBe(3);
    tab.client.login({ login: email, password });
    await world.advance(300);
    expect(tab.client.view.status).toBe('twoFactorRequired');
    expect(tab.client.view.codeAttemptsLeft).toBe(3);
    await wrongCodes(tab, 3);
    expect(tab.client.view.status).toBe('failed');
    expect(codeSends()).toBe(5);
  });

  it('after a cancel, the same login starts from 5', async () => {
    const tab = world.open();
    await world.settle();
    const { email, password } = world.server.seed.twoFactor;
    tab.client.login({ login: email, password });
    await world.advance(300);
    await wrongCodes(tab, 1);
    tab.client.cancel();
    await world.settle();
    tab.client.login({ login: email, password });
    await world.advance(300);
    expect(tab.client.view.status).toBe('twoFactorRequired');
    expect(tab.client.view.codeAttemptsLeft).toBe(5);
  });
});
