// Review 145 (holds): hostile or corrupted values under the keys the client reads from
// `localStorage` (another app of the origin, an older or newer build, a tampered device). No crash,
// a typed outcome, and fail closed: a record of a kind this build does not know bars as a pause;
// a step-up record it cannot read locks once; garbage elsewhere reads as none (the server's read
// decides).
import { describe, expect, it } from 'vitest';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();
useMemoryLocalStorage();
const ls = () => (globalThis as unknown as { localStorage: Storage }).localStorage;
const ID = 1; // the plain seed account

const GARBAGE: Record<string, string> = {
  'not JSON': '{"kind":"pause",',
  'an array': '[1,2,3]',
  'a huge string': JSON.stringify('x'.repeat(2_000_000)),
  'numbers past any date': '{"kind":"pause","at":1e400,"from":-1e400}',
  'a prototype key': '{"__proto__":{"canBet":false},"constructor":{"prototype":{"x":1}}}',
};

describe('review 145: hostile values under the keys the client reads', () => {
  it.each(Object.entries(GARBAGE))(
    '%s under every key: signed in, current, free (the server says so)',
    async (_, raw) => {
      for (const k of ['restricted', 'limits', 'play-time']) ls().setItem(`pam-client.${k}:${ID}`, raw);
      const a = world.open({ tabId: 'tab-a', channel: false });
      await logIn(world, a);
      await world.advance(3 * S);
      expect(a.state()).toBe('signedIn');
      expect(a.client.view.restrictions).toMatchObject({ status: 'current', canBet: true, inForce: [] });
      expect(({} as Record<string, unknown>).canBet).toBeUndefined();
    },
  );

  it('a record of a kind a newer build wrote (in its day) bars as a pause', async () => {
    ls().setItem(
      `pam-client.restricted:${ID}`,
      JSON.stringify({ v: 2, kind: 'coolingOff', at: world.now() - 60 * S, until: world.now() + 3_600_000 }),
    );
    const a = world.open({ tabId: 'tab-a', channel: false });
    await logIn(world, a);
    await world.advance(3 * S);
    expect(a.state()).toBe('signedIn');
    expect(a.client.view.restrictions?.canBet).toBe(false);
  });

  it.each(Object.entries(GARBAGE))(
    '%s as the step-up record: locked once, nothing sent, typed',
    async (_, raw) => {
      ls().setItem(`pam-client.step-up:player ${ID}`, raw);
      const a = world.open({ tabId: 'tab-a', channel: false });
      await logIn(world, a);
      await world.advance(2 * S);
      const change = a.client.user.updateEmail({
        email: 'y@example.com',
        password_check: world.server.seed.plain.password,
      });
      await expect(world.during(change, 100)).rejects.toMatchObject({ code: 'step_up_locked' });
      const sent = world.server.requests.filter(
        (r) => r.body && typeof r.body === 'object' && 'password_check' in r.body,
      );
      expect(sent.length).toBe(0);
    },
  );
});
