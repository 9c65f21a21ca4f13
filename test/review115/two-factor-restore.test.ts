// Review 115 (the fix's restore): the player a two-factor challenge named (`challenged`) comes back
// with a restored login snapshot, so a code answer naming another player is still refused after a
// reload mid-challenge (a key that starts as null comes back only where `restoreActor` names it).
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { persistedData, restoreActor } from '../../machines/persistence';

const challenge = { type: 'two_factor_code', user: { id: 7, email: 'seven@example.com' } };
const signIn = (id: number) => ({
  access_token: 'tok-abcdefghijklmnopqrstuvwxyz',
  token_type: 'bearer',
  expires_in: 21_600,
  user: { id, email: `p${id}@example.com` },
  userInfo: {},
});

describe('review 115: a restored challenge still names its player', () => {
  // Kept in memory (a JSON copy holds no Secret: the code step then fails closed anyway), and as JSON.
  async function challenged(auth: never) {
    const first = createActor(loginMachine, { input: { auth } }).start();
    first.send({ type: 'SUBMIT', login: 'seven@example.com', password: 'Secret-pass1!' });
    await waitFor(first, (s) => s.matches('twoFactorRequired'));
    const stored = persistedData(first);
    first.stop();
    return stored;
  }

  it('as JSON: the challenged player comes back', async () => {
    const auth = { login: async () => challenge } as never;
    const stored = JSON.parse(JSON.stringify(await challenged(auth)));
    expect(restoreActor(loginMachine, stored, { auth }).getSnapshot().context.challenged).toBe(7);
  });

  it('restored mid-challenge, a code answer for player 8 fails, typed', async () => {
    let next: unknown = challenge;
    const auth = { login: async () => next } as never;
    const restored = restoreActor(loginMachine, await challenged(auth), { auth }).start();
    next = signIn(8);
    restored.send({ type: 'SUBMIT_CODE', code: '123456' });
    const s = await waitFor(restored, (x) => x.matches('failed') || x.status === 'done');
    expect([s.value, s.context.error?.code]).toEqual(['failed', 'invalid_response']);
  });

  it('restored mid-challenge, a code answer for player 7 signs in', async () => {
    let next: unknown = challenge;
    const auth = { login: async () => next } as never;
    const restored = restoreActor(loginMachine, await challenged(auth), { auth }).start();
    next = signIn(7);
    restored.send({ type: 'SUBMIT_CODE', code: '123456' });
    const s = await waitFor(restored, (x) => x.matches('failed') || x.status === 'done');
    expect(s.value).toBe('authenticated');
  });
});
