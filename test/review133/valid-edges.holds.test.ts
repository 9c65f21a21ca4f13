// Review 133 (held): valid edge inputs are accepted and sent as documented: a formatted CPF as
// digits (registration, login), a login trimmed, accented and ZWJ names as typed, the documented
// minimums and maximums (pause 1/45 days, exclusion 60/-1 months, year 1900, an e-mail of 254
// characters), a frozen or null-prototype payload, a `Secret` password_check revealed into the body
// only, a limit's absent flag sent active and -0 as 0.
import { describe, expect, it } from 'vitest';
import { secret } from '../../src/index';
import { useReferenceServer } from '../support/server';
import { modsOf, PW } from './support';

const ctx = useReferenceServer();
const lastBody = () => ctx.server.requests.at(-1)?.body as Record<string, unknown>;

describe('review 133: valid edge inputs are sent as documented (held)', () => {
  it('registration: a dotted CPF sent as digits, an accented name and an empty ddi as typed', async () => {
    const { reg } = modsOf(ctx);
    await reg.registerSimplified({
      email: 'jose.acao@example.com',
      password: PW,
      country: 'BR',
      nationalities: '["BR"]',
      optIn: false,
      number: ' 168.995.350-09 ',
      name: 'José da Conceição D’Ávila',
      ddi: '',
    });
    expect(lastBody()).toMatchObject({ number: '16899535009', name: 'José da Conceição D’Ávila', ddi: '' });
  });

  it.each([
    [' 529.982.247-25 ', '52998224725'],
    ['529 982 247 25', '52998224725'],
    ['\tplayer@example.com\n', 'player@example.com'],
    ['１６８.９９５.３５０-０９', '16899535009'],
  ])('login %j is sent as %j', async (login, sent) => {
    const { auth } = modsOf(ctx);
    await auth.login({ login, password: 'wrong' }).catch(() => undefined);
    expect(lastBody().login).toBe(sent);
  });

  it('profile: accented and ZWJ/ZWNJ names are sent as typed; an e-mail of 254 characters is sent', async () => {
    const { user } = modsOf(ctx);
    const id = ctx.server.seed.plain.id;
    const names = { first_name: 'Maria Eduarda', last_name: 'Ñáñez-Çavuşoğlu', mother_name: 'مه\u200cسا' };
    await user.updateProfile(id, { ...names, password_check: secret(PW) });
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(email.length).toBe(254);
    await user.updateEmail({ email, password_check: secret(PW) });
    expect([ctx.server.requests.at(-2)?.body, lastBody()]).toEqual([
      { ...names, password_check: PW },
      { email, password_check: PW },
    ]);
  });

  it('the documented bounds are sent: pause 1 and 45, exclusion 60, year 1900', async () => {
    const { user } = modsOf(ctx);
    const sent: unknown[] = [];
    for (const user_pause of [1, 45]) {
      await user.setTimeoutLimits({ user_pause, reason: 0, password_check: PW }).catch(() => undefined);
      sent.push(lastBody().user_pause);
    }
    await user.setSelfExclusion({ user_exclusion: 60, reason: 1, password_check: PW }).catch(() => undefined);
    sent.push(lastBody().user_exclusion);
    await user.generateIncomeReport({ reference_year: 1900, type: 'download' }).catch(() => undefined);
    sent.push(lastBody().reference_year);
    expect(sent).toEqual([1, 45, 60, 1900]);
  });

  it('a frozen limits payload is sent active without being touched; -0 is sent as 0', async () => {
    const { user } = modsOf(ctx);
    const payload = Object.freeze({
      user_limit_loss: -0,
      user_limit_loss_period: 'daily' as const,
      password_check: PW,
    });
    await user.updateLimits(payload);
    expect([lastBody(), Object.keys(payload)]).toEqual([
      { user_limit_loss: 0, user_limit_loss_period: 'daily', user_limit_loss_active: 1, password_check: PW },
      ['user_limit_loss', 'user_limit_loss_period', 'password_check'],
    ]);
  });

  it('a null-prototype payload (Object.create(null)) is a plain one: sent', async () => {
    const { user } = modsOf(ctx);
    const payload = Object.assign(Object.create(null) as object, { mkt_accepted: false });
    await user.updateMarketing(payload as { mkt_accepted: boolean });
    expect(lastBody()).toEqual({ mkt_accepted: false });
  });
});
