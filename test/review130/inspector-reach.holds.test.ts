import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { sessionActorOf } from '../../machines/devtools';
import { funnelEvents, operatorPreset } from '../../machines/index';
import { recordFunnel } from '../funnel/record';
import { H, S, useWorld } from '../support/world';
import { leaks, reach } from './reach';

// An inspector given through `createPamClient({ inspect })` over a whole login with a wrong
// password, a captcha token, a rejected then an accepted two-factor code, a refresh, a step-up
// password and a logout: nothing it can reach from the events it is given (their snapshots, the
// actor views, the raw child refs inside a snapshot's `children`, their persisted snapshots) holds
// the password, the code, the captcha token or a token in plain text or a plain encoding of it.

const world = useWorld({ reportStepMs: S });
const CAPTCHA = 'cAptCha-T0ken-for-review130-XyZ';
const WRONG = 'Wr0ng-passw0rd-review130!';

async function until(cond: () => boolean) {
  for (let i = 0; i < 300 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

describe('what an inspector can reach holds no secret (review 130)', () => {
  it('a whole 2FA session, plain strings given', async () => {
    const seen: InspectionEvent[] = [];
    const reached: string[] = [];
    const { openTab } = await import('../support/world');
    const tab = openTab(world, {
      flows: funnelEvents(operatorPreset()),
      // (The test's fake channel hub keeps every message sent, the session's token among them, and
      // the session's input holds the hub: a test double's history, no real channel's. None here.)
      channel: false,
      inspect: (e) => {
        seen.push(e);
        // What a live inspector reads at the moment (the Stately inspector reads the actor then).
        reached.push(...reach(e, 5_000).strings);
      },
      onStepUp: async () => world.server.seed.twoFactor.password,
    });
    world.tabs.push(tab);
    const funnel = recordFunnel(tab.client);
    const { email, password, twoFactorCode } = world.server.seed.twoFactor;
    await world.settle();
    tab.client.login({ login: email, password: WRONG, captchaToken: CAPTCHA });
    await until(() => tab.client.view.status === 'failed');
    tab.client.login({ login: email, password, captchaToken: CAPTCHA });
    await until(() => tab.client.view.status === 'twoFactorRequired');
    tab.client.submitCode('654321');
    await until(() => funnel.some((e) => e.type === 'signIn.codeRejected'));
    await world.advance(3 * S);
    tab.client.submitCode(twoFactorCode!);
    await until(() => tab.client.view.status === 'signedIn');
    const first = await tab.token();
    await world.advance(2 * H, 30 * S);
    const second = await tab.token();
    await world.during(tab.client.user.updateEmail({ email: 'ana.new@example.com' }).catch(() => null));
    const actor = sessionActorOf(tab.client);
    const persisted = reach(actor.getPersistedSnapshot()).strings;
    tab.client.logout();
    await world.settle();
    const secrets = [password, WRONG, CAPTCHA, twoFactorCode!, '654321', first!, second!].filter(Boolean);
    expect(seen.length).toBeGreaterThan(50);
    expect(first).toBeTruthy();
    const all = [...reached, ...seen.flatMap((e) => reach(e, 5_000).strings), ...persisted];
    expect(leaks(all, secrets)).toEqual([]);
  });
});
