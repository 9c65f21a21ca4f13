import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  initialTransition,
  transition,
} from 'xstate';
import { sessionMachine } from '../../machines/sessionMachine';
import { AT, type Clock, H, restoredAt, sessionInput, trippedClock } from '../clock/transitions-pure.harness';
import {
  barred,
  expectBarredFromFirst,
  keep,
  storedLogin,
  untilSignedIn,
  watch,
} from '../support/kept-first-view';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { logIn, MIN, S, useWorld } from '../support/world';

// AB-2 (fail closed): a player with a kept pause or self-exclusion (the session's accepted store,
// `pam-client.restricted:<id>`, a day) signs in. The first signed-in snapshot, and so the first
// signed-in view, showed `restrictions.inForce: []` (the login answer's: status unknown, no
// betting); the kept record came one step later (0 ms), when the profile flow's clock watch
// recalled it. Now each way in (a login, a restore of a stored session, another tab's session
// taken: ADOPT) carries the kept record read by the actor that produced it (a peek: nothing
// written), and the very first signed-in snapshot shows it in force.

const world = useWorld();
useMemoryLocalStorage();

describe.each(['pause', 'selfExclusion'] as const)('a kept %s', (kind) => {
  it('is in the first signed-in snapshot and view of a login', async () => {
    keep(world, kind, 10 * MIN);
    const a = world.open({ tabId: 'tab-a' });
    const seen = watch(a, world.server.seed.plain.id);
    await logIn(world, a);
    await world.advance(2 * S);
    // (Every later one too: the server shows none, a lagging replica, read again meanwhile.)
    expectBarredFromFirst(seen, kind);
  });

  it('is in the first signed-in snapshot and view of a restore', async () => {
    const stored = await storedLogin(world);
    keep(world, kind, 10 * MIN);
    const storage = createMemoryTokenStore();
    await storage.set(stored);
    const a = world.open({ tabId: 'tab-a', storage });
    const seen = watch(a, world.server.seed.plain.id);
    await untilSignedIn(world, a);
    await world.advance(2 * S);
    expectBarredFromFirst(seen, kind);
  });

  it.each(['while it was signed out', 'as it joined (the sync answer)'] as const)(
    'is in the first signed-in snapshot and view of another tab\u2019s session taken (ADOPT), %s',
    async (when) => {
      const joins = when !== 'while it was signed out';
      keep(world, kind, 10 * MIN);
      const a = world.open({ tabId: 'tab-a', random: 0.3 });
      if (joins) await logIn(world, a);
      const b = world.open({ tabId: 'tab-b', random: 0.6 });
      const seen = watch(b, world.server.seed.plain.id);
      await world.settle();
      if (!joins) await logIn(world, a);
      await untilSignedIn(world, b);
      await world.advance(2 * S);
      expectBarredFromFirst(seen, kind);
    },
  );
});

describe('the kept record, carried on the way in, taken with no clock read (xstate `transition()`)', () => {
  it.each(['pause', 'selfExclusion'] as const)(
    'a restore done event carrying a kept %s: in force in the first signed-in snapshot, no clock read',
    (kind) => {
      const clock = trippedClock(AT, 40 * S);
      clock.state.inside = true;
      const machine = sessionMachine as unknown as AnyStateMachine;
      let [s] = initialTransition(machine, sessionInput(clock));
      clock.state.inside = false;
      // (The store's answer, as the restore actor gives it: its vault handle drawn outside.)
      const done = (restoredAt(AT) as (s: AnyMachineSnapshot, c: Clock) => AnyEventObject)(s, clock);
      clock.state.inside = true;
      [s] = transition(machine, s, { ...done, output: { ...done.output, kept: { kind, at: AT - H } } });
      clock.state.inside = false;
      expect(clock.state.reads).toEqual([]);
      expect(s.matches('signedIn')).toBe(true);
      const r = s.context.restrictions;
      expect({ ...r, inForce: r.inForce.map((x: { kind: string }) => x.kind) }).toMatchObject(barred(kind));
    },
  );
});
