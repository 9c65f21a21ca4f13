import { describe, expect, it } from 'vitest';
import { funnelEvents, operatorPreset } from '../../machines/index';
import { recordFunnel } from '../funnel/record';
import { leaks } from '../review130/reach';
import { H, openTab, S, useWorld } from '../support/world';

// The `debug` option over a whole 2FA login (a wrong password with a captcha token, a rejected
// and an accepted code), a refresh, a step-up and a logout, with a logger that keeps every detail
// it was given and writes to it afterwards: no line, no detail (as JSON, later too) holds a secret
// or a token, and the logger's writes change nothing the client shows.

const world = useWorld({ reportStepMs: S });
const CAPTCHA = 'cAptCha-T0ken-review139-QwErTy';
const WRONG = 'Wr0ng-passw0rd-review139!';

async function until(cond: () => boolean) {
  for (let i = 0; i < 300 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

describe('the debug log (review 139)', () => {
  it('holds no secret, now or later, and a logger writing to its details changes nothing', async () => {
    const lines: string[] = [];
    const kept: unknown[] = [];
    const tab = openTab(world, {
      flows: funnelEvents(operatorPreset()),
      channel: false,
      debug: (line, detail) => {
        lines.push(line, JSON.stringify(detail ?? null));
        kept.push(detail);
        if (detail && typeof detail === 'object') (detail as Record<string, unknown>).scribbled = true;
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
    await world.during(tab.client.user.updateEmail({ email: 'ana.139@example.com' }).catch(() => null));
    expect(tab.client.view.status).toBe('signedIn');
    expect(JSON.stringify(tab.client.view)).not.toContain('scribbled');
    tab.client.logout();
    await world.settle();
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    const secrets = [password, WRONG, CAPTCHA, twoFactorCode!, '654321', first!, second!];
    expect(lines.length).toBeGreaterThan(100);
    expect(leaks([...lines, JSON.stringify(kept)], secrets)).toEqual([]);
  });
});
