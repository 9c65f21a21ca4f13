// Review 69 control (passes): a client with the operator preset and the funnel, on simulated
// time, whose server echoes every secret of each request (body secrets, the bearer token) in every
// error body (message, field-error key and messages, nested debug), in a 2xx body's extra field and
// in a response header, URL-encoded. Login with a captcha token and 2FA (a wrong code, then the
// right one), a limits change with a step-up prompt (a wrong password, then the right one),
// checkPassword, changePassword (accepted, then refused), updateEmail refused, an income report
// (generate, poll, download), a refresh after 7 h, logout. No password, code, captcha token or
// token is found in any inspector event (nor in the raw snapshots of the actors it names), debug
// line, funnel event, OpenTelemetry span, view, snapshot, persisted snapshot, error or session
// event. (The test channel, which records what it carried, is left out: `channel: false`; the
// access token crossing BroadcastChannel is the README's documented exception.)
import { SEED_ACCOUNTS } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';
import { collectingTab, leaks, type Rewrite } from './harness';

const world = useWorld({ reportStepMs: S });
const CAPTCHA = 'capTOKEN-7f3e9a1b2c4d5e6f';
const CAPTCHA2 = 'capTOKEN-second-0a1b2c3d4e5f';
const NEW_PASSWORD = 'Brand-New-Pass-9x';

function secretsOf(x: { requestBody: unknown; authorization: string | null }): string[] {
  const out: string[] = [];
  const walk = (v: unknown, secretKey: boolean) => {
    if (typeof v === 'string' && secretKey) out.push(v);
    else if (v && typeof v === 'object')
      for (const [k, c] of Object.entries(v)) walk(c, secretKey || /password|code|token|captcha/i.test(k));
  };
  walk(x.requestBody, false);
  if (x.authorization) out.push(x.authorization.replace(/^Bearer /, ''));
  return out.filter((s) => s.length >= 4);
}

const MODE: string = 'all';
const echo: Rewrite = (x, a) => {
  const secrets = secretsOf(x);
  if (!secrets.length || typeof a.body !== 'object' || a.body === null) return;
  const s = secrets.join(' / ');
  const body = a.body as Record<string, unknown>;
  if (a.status >= 400) {
    body.message = `rejected: ${s}`;
    body.errors = { ...(body.errors as object), [secrets[0]!]: [`bad ${s}`] };
    body.debug = { echo: s, nested: [{ v: s }] };
  } else if (MODE === 'all') {
    body.debug = { echo: s };
  }
  const headers = new Headers(a.headers);
  headers.set('x-echo', encodeURIComponent(s));
  return { body, headers };
};

describe('review 69 control: every side channel under an echoing server', () => {
  it('login 2FA, captcha, wrong code, right code, user calls, refresh, logout', async () => {
    const t = collectingTab(world, { rewrite: echo, channel: false, rawRefs: true });
    const { email, password, twoFactorCode } = world.server.seed.twoFactor;
    await world.settle();
    t.client.login({ login: email, password, captchaToken: CAPTCHA });
    await world.advance(2 * S);
    t.snap();
    t.client.submitCode('654321', CAPTCHA2);
    await world.advance(5 * S);
    t.snap();
    t.client.submitCode(twoFactorCode!);
    await world.advance(5 * S);
    t.snap();
    expect(t.client.view.status).toBe('signedIn');
    const id = t.client.view.user!.id!;
    // step-up: a 422 asking for the password, then wrong, then right
    world.server.faults.add({
      method: 'PATCH',
      path: /limits/,
      status: 422,
      body: { message: 'Confirm', code: 'password_check_required', errors: {} },
      times: 1,
    });
    const prompts = ['Wrong-Password-123', password];
    const user = t.client.user;
    await t.call(
      user.updateLimits(
        { user_limit_deposit: 50, user_limit_deposit_active: 1, user_limit_deposit_period: 'weekly' },
        { onStepUp: async () => prompts.shift() ?? null },
      ),
    );
    await t.call(user.checkPassword({ password: 'Wrong-Password-456' }));
    await t.call(
      user.changePassword(id, {
        old_password: password,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      }),
    );
    await t.call(
      user.changePassword(id, { old_password: 'nope-nope-nope', password: 'a', password_confirmation: 'b' }),
    );
    await t.call(user.updateEmail({ email: 'bad', password_check: NEW_PASSWORD }));
    const years = (await user.getAvailableYears()) as { years: number[] };
    const r = (await t.call(
      user.generateIncomeReport({ reference_year: years.years[0]!, type: 'download' }),
    )) as {
      id: number;
    };
    await world.advance(5 * S);
    const st = await t.call(user.getIncomeReportStatus(r.id));
    await t.call(user.downloadIncomeReport(st as never));
    await world.advance(7 * 3600 * S, 60 * S);
    t.snap();
    t.client.logout();
    await world.advance(5 * S);
    t.snap();
    const ch = t.channels();
    const tokens = new Set<string>();
    for (const x of t.exchanges) if (x.authorization) tokens.add(x.authorization.replace(/^Bearer /, ''));
    const secrets = [
      password,
      twoFactorCode!,
      '654321',
      CAPTCHA,
      CAPTCHA2,
      NEW_PASSWORD,
      'Wrong-Password-123',
      'Wrong-Password-456',
      'nope-nope-nope',
      ...tokens,
    ];
    const found: Record<string, unknown> = {};
    for (const s of secrets) {
      const l = leaks(ch, s);
      if (Object.keys(l).length) found[s] = l;
    }
    expect(tokens.size).toBeGreaterThanOrEqual(2); // the login's and the refresh's
    expect(found).toEqual({});
  });
});
void SEED_ACCOUNTS;
