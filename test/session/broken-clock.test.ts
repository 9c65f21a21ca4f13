import fc from 'fast-check';
import { createClock, sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { verdictAt } from '../../machines/session/refresh';
import { readClock } from '../../machines/session/store';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

// A clock that gives no time (its reading throws, or is NaN) must not crash the session actor nor
// sign the player out: the session reads the clock on an app's TICK (and on a wake-up); a throw
// there put the actor in XState's `error` status (the view frozen at `signedIn`), and a NaN
// reading judged the token expired. Fail closed: restrictions never `current`/`canBet` on a clock
// that gives no time, the session kept, and the app sees a typed error.

const ctx = useReferenceServer();
const { client: newClient, signIn } = usePamClients(ctx);

type Broken = 'ok' | 'throw' | 'nan' | 'infinity';

/** A signed-in client on a clock that can be broken at will (its `now`/`serverNow` readings). */
async function signedIn() {
  const state: { broken: Broken } = { broken: 'ok' };
  const base = createClock();
  const read = (f: () => number) => () => {
    if (state.broken === 'throw') throw new Error('clock unavailable: secret-ish detail');
    if (state.broken === 'infinity') return Number.POSITIVE_INFINITY;
    return state.broken === 'nan' ? Number.NaN : f();
  };
  const clock = { ...base, now: read(base.now), serverNow: read(base.serverNow) };
  const client = newClient({ environment: { clock } });
  await signIn(client);
  await until(() => client.view.restrictions?.status === 'current', 'the profile read');
  return { client, state };
}

describe('a clock that gives no time', () => {
  it.each(['throw', 'nan'] as const)(
    'a TICK on a clock that gives %s: no crash, still signed in, an error the app sees',
    async (broken) => {
      const { client, state } = await signedIn();
      const actor = sessionActorOf(client);
      const errors: unknown[] = [];
      actor.subscribe({ error: (e) => errors.push(e) });
      state.broken = broken;
      client.state.send({ type: 'TICK' });
      await until(
        () =>
          client.view.error != null ||
          client.view.status !== 'signedIn' ||
          actor.getSnapshot().status !== 'active',
        'the TICK taken',
      );
      expect(actor.getSnapshot().status).toBe('active');
      expect(errors).toEqual([]);
      expect(client.view.status).toBe('signedIn');
      expect(client.view.error).toMatchObject({ code: 'unexpected' });
      expect(JSON.stringify(client.view.error)).not.toContain('secret-ish');
      // No time to judge restrictions by: stale, no betting (fail closed).
      expect(client.view.restrictions).toMatchObject({ status: 'stale', canBet: false });
      // The clock comes back: the session goes on (a TICK is judged again, no sign-out).
      state.broken = 'ok';
      client.state.send({ type: 'TICK' });
      expect(actor.getSnapshot().status).toBe('active');
      expect(client.view.status).toBe('signedIn');
    },
  );
});

// What a clock may give: a time, or no time at all (a throw, NaN, ±Infinity, not a number).
const given = fc.oneof(
  fc.integer({ min: 0, max: 4_102_444_800_000 }).map((t) => () => t),
  fc
    .constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '1' as unknown as number)
    .map((v) => () => v),
  fc.constant(() => {
    throw new Error('no clock');
  }),
);

describe('property: a reading of any clock', () => {
  it('never throws; no time reads untrusted with a typed error, and never judges a token expired', () => {
    fc.assert(
      fc.property(
        given,
        given,
        fc.boolean(),
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        (now, serverNow, trusted, expiresAt) => {
          const r = readClock({ now, serverNow, clock: { trusted: () => trusted } });
          const timeless = !Number.isFinite(readOr(now)) || !Number.isFinite(readOr(serverNow));
          expect(r.error !== undefined).toBe(timeless);
          expect(Number.isFinite(r.at) && Number.isFinite(r.serverAt)).toBe(true);
          expect(r).toMatchObject(
            timeless
              ? { trusted: false, learned: false, error: { code: 'unexpected' } }
              : { at: now(), serverAt: serverNow(), trusted },
          );
          // No time judges nothing: neither an expiry nor a refresh (`none`), in either time base.
          for (const timeBase of ['server', 'device'] as const)
            expect(verdictAt({ expiresAt, timeBase }, r) === 'none').toBe(timeless);
        },
      ),
    );
  });

  it('TICKs on a clock that comes and goes: never a crash, never signed out, no betting while it gives no time', async () => {
    const { client, state } = await signedIn();
    const actor = sessionActorOf(client);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Broken>('ok', 'throw', 'nan', 'infinity'), { minLength: 1, maxLength: 6 }),
        async (modes) => {
          for (const mode of modes) {
            state.broken = mode;
            client.state.send({ type: 'TICK' });
            await until(() => true, 'a turn');
            expect(actor.getSnapshot().status).toBe('active');
            expect(client.view.status).toBe('signedIn');
            expect(mode === 'ok' || client.view.restrictions?.canBet === false).toBe(true);
          }
        },
      ),
      { numRuns: 20 },
    );
    state.broken = 'ok';
  });
});

function readOr(f: () => number): number {
  try {
    return f();
  } catch {
    return Number.NaN;
  }
}
