// REVIEW86 probe (holds): a password, 2FA code or captcha token that the server echoes back in an
// error answer of the login never reaches what the bindings hand the app: the view (JSON, Node's
// inspect with hidden fields, the error's body / message / fieldErrors / cause), the Vue refs, the
// Svelte store, the vanilla listener, or an event. API.md: "The view never holds a secret or a
// token"; "No error message or toJSON() ever contains a password, code, captcha token".
import { inspect } from 'node:util';
import { createPamClient, type SessionView } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { get } from 'svelte/store';
import { afterEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSession } from '../../src/bindings/vue';
import { until } from '../support/event-loop';

const PASSWORD = 'Pw-Echo-7781zz';
const CODE = '918273';
const CAPTCHA = 'captcha-tok-55aa66bb';
const CAPTCHA2 = 'captcha-tok-77cc88dd';
const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
});

const deep = (x: unknown): string => {
  const e = (x ?? {}) as Record<string, unknown>;
  let s = `${inspect(x, { depth: Infinity, showHidden: true, getters: true })}${JSON.stringify(x)}`;
  for (const k of ['body', 'message', 'fieldErrors', 'issues', 'cause', 'stack'])
    s += inspect(e[k], { depth: Infinity, showHidden: true });
  return s;
};

describe('secrets the server echoes at the login never reach the bindings', () => {
  it('password, code and captcha token echoed in 422 answers', async () => {
    const kit = createReferenceFetch();
    const c = createPamClient({ baseURL: kit.baseURL, fetch: kit, environment: { channel: null }, retry: 0 });
    stops.push(() => c.stop());
    const seen: SessionView[] = [];
    const events: unknown[] = [];
    for (const t of ['signedIn', 'signedOut', 'refreshFailed', 'restrictionsUnavailable'] as const)
      c.on(t, (e) => events.push(e));
    stops.push(onSessionChange(c, (v) => seen.push(v)));
    const store = sessionStore(c);
    const stored: SessionView[] = [];
    stops.push(store.subscribe((v) => stored.push(v)));
    const scope = effectScope();
    stops.push(() => scope.stop());
    const vue = scope.run(() => useSession(c))!;
    await until(() => c.view.status === 'signedOut');

    const echoOf = (password: string, code: string, captcha: string) => ({
      message: `bad password ${password} code ${code} captcha ${captcha}`,
      errors: {
        password: [`${password} is wrong`],
        login: [`login with ${password}`],
        two_factor_code: [`${code} bad`],
        captcha_token: [captcha],
      },
      echo: { password, code, captcha_token: captcha, nested: [{ p: password, c: code }] },
    });
    // Stage 1: the login request carries PASSWORD and CAPTCHA; the 422 echoes them.
    kit.faults.add({ path: '/auth/login', status: 422, body: echoOf(PASSWORD, 'none', CAPTCHA), times: 1 });
    c.login({ login: kit.seed.twoFactor.email, password: PASSWORD, captchaToken: CAPTCHA });
    await until(
      () => c.view.status === 'failed',
      () => c.view.status,
    );
    const failed = c.view;
    const stage1 =
      deep(failed) +
      deep(failed.error) +
      seen.map(deep).join('') +
      stored.map(deep).join('') +
      deep(get(store)) +
      deep(vue.view.value) +
      deep(vue.error.value) +
      events.map(deep).join('');
    expect(failed.error).not.toBeNull();
    for (const secret of [PASSWORD, CAPTCHA]) expect(stage1).not.toContain(secret);

    // Stage 2: the code request carries the seed's password, CODE and CAPTCHA2; the 422 echoes them.
    const seedPassword = kit.seed.twoFactor.password;
    c.login({ login: kit.seed.twoFactor.email, password: seedPassword });
    await until(
      () => c.view.status === 'twoFactorRequired',
      () => c.view.status,
    );
    kit.faults.add({
      path: '/auth/login',
      status: 422,
      body: echoOf(seedPassword, CODE, CAPTCHA2),
      times: 1,
    });
    c.submitCode(CODE, CAPTCHA2);
    await until(
      () => c.view.status === 'twoFactorRequired' && c.view.error !== null,
      () => c.view.status,
    );
    const rejected = c.view;
    const stage2 =
      deep(rejected) +
      deep(rejected.error) +
      seen.map(deep).join('') +
      stored.map(deep).join('') +
      deep(get(store)) +
      deep(vue.view.value) +
      deep(vue.error.value) +
      events.map(deep).join('');
    expect(rejected.error).not.toBeNull();
    for (const secret of [seedPassword, CODE, CAPTCHA2]) expect(stage2).not.toContain(secret);
  });
});
