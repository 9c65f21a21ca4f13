// Review 133 (held): bad input in the machines' events is a typed `invalid_request` in
// `context.error`, nothing sent, the secret nowhere in the snapshot: loginMachine SUBMIT (→ failed)
// and SUBMIT_CODE (→ back to twoFactorRequired), registrationMachine CHECK_DOCUMENT (→ invalid).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { registrationMachine } from '../../machines/registrationMachine';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { throwingProxy } from './arbitraries';
import { modsOf, PW } from './support';

const ctx = useReferenceServer();

describe('review 133: machine events with bad input (held)', () => {
  it.each([
    ['an empty password', { password: '' }],
    ['a password over 1,024 characters', { password: PW.repeat(200) }],
    ['a login that is a number', { login: 5 }],
    ['a blank login', { login: ' \t ' }],
    ['a captcha token over 8 kB', { captchaToken: PW.repeat(900) }],
    ['a password that is a throwing Proxy', { password: throwingProxy() }],
  ])('SUBMIT with %s: failed invalid_request, nothing sent', async (_n, bad) => {
    const { auth } = modsOf(ctx);
    const a = createActor(loginMachine, { input: { auth } }).start();
    const before = ctx.server.requests.length;
    a.send({ type: 'SUBMIT', login: ctx.server.seed.plain.email, password: PW, ...bad } as never);
    await until(() => !a.getSnapshot().matches('submitting'), 'settled');
    const s = a.getSnapshot();
    a.stop();
    expect([s.value, s.context.error?.code, ctx.server.requests.length - before]).toEqual([
      'failed',
      'invalid_request',
      0,
    ]);
    expect(JSON.stringify(s)).not.toContain(PW);
  });

  it.each([
    ['an empty code', ''],
    ['a code of 100 digits', '1'.repeat(100)],
    ['a number', 123456],
    ['only a ZERO WIDTH SPACE', '\u200b'],
    ['only white space and a NEL', ' \u0085\t'],
  ])('SUBMIT_CODE with %s: back to twoFactorRequired, invalid_request, nothing sent', async (_n, code) => {
    const { auth } = modsOf(ctx);
    const { email, password } = ctx.server.seed.twoFactor;
    const a = createActor(loginMachine, { input: { auth } }).start();
    a.send({ type: 'SUBMIT', login: email, password });
    await until(() => a.getSnapshot().matches('twoFactorRequired'), 'challenged');
    const before = ctx.server.requests.length;
    a.send({ type: 'SUBMIT_CODE', code: code as never });
    await until(() => !a.getSnapshot().matches('verifyingTwoFactor'), 'settled');
    const s = a.getSnapshot();
    a.stop();
    expect([s.value, s.context.error?.code, ctx.server.requests.length - before]).toEqual([
      'twoFactorRequired',
      'invalid_request',
      0,
    ]);
  });

  it.each([
    ['empty', ''],
    ['a number', 52998224725],
    ['100 kB', '1'.repeat(100_000)],
    ['letters', 'abc'],
    ['an exponent', '5e10'],
  ])('CHECK_DOCUMENT %s: invalid, invalid_request, nothing sent', async (_n, number) => {
    const { reg } = modsOf(ctx);
    const a = createActor(registrationMachine, { input: { auth: reg } }).start();
    const before = ctx.server.requests.length;
    a.send({ type: 'CHECK_DOCUMENT', number: number as never });
    await until(() => a.getSnapshot().context.documentCheck !== 'unchecked', 'checked');
    const s = a.getSnapshot();
    a.stop();
    expect([s.context.documentCheck, s.context.error?.code, ctx.server.requests.length - before]).toEqual([
      'invalid',
      'invalid_request',
      0,
    ]);
  });
});
