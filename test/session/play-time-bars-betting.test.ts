import fc from 'fast-check';
import { createCustomPamClient, profile, userModule } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { nextBrazilMidnight } from '../../machines/clock';
import { H, logIn, MIN, S, type Tab, useWorld } from '../support/world';

// Review 7, H4 (t04-playtime), on real sockets: once the play-time limit was reached
// (`playTime.reached`, `timeLimitReached` emitted) `view.restrictions.canBet` stayed true. The
// contract makes canBet true only when nothing blocks betting: a reached time limit blocks it for
// the rest of its period (a São Paulo day for a daily limit). Now the view shows `canBet: false`
// with `timeLimitReached: true` while play time is reached; the next day frees the player again.
// The seed's `timeLimit` player may play one minute a day.

const world = useWorld();

async function timeLimitTab(): Promise<Tab> {
  const tab = world.open({ tabId: 'tab-a', channel: false });
  await logIn(world, tab, 'timeLimit');
  await world.advance(2 * S);
  expect(tab.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  expect(tab.client.view.playTime).toMatchObject({ limitMs: MIN, reached: false });
  return tab;
}

describe('a reached time limit bars betting (review 7, H4)', () => {
  it('canBet false with timeLimitReached while play time is reached, free again the next São Paulo day', async () => {
    const tab = await timeLimitTab();
    const reached: unknown[] = [];
    tab.client.on('timeLimitReached', (e) => reached.push(e));
    await world.advance(90 * S, 5 * S);
    expect(reached.length).toBe(1);
    expect(tab.client.view.playTime?.reached).toBe(true);
    expect(tab.client.view.restrictions).toMatchObject({
      status: 'current',
      canBet: false,
      timeLimitReached: true,
    });
    // Still barred later that day.
    await world.advance(1 * H, MIN);
    expect(tab.client.view.restrictions).toMatchObject({ canBet: false, timeLimitReached: true });
    // A few seconds into the next São Paulo day (the re-read at midnight): a new count, free to bet.
    const midnight = nextBrazilMidnight(world.now());
    await world.advance(midnight - world.now() + 20 * S, 5 * S);
    expect(tab.client.view.playTime).toMatchObject({ reached: false });
    expect(tab.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    expect(tab.client.view.restrictions!.timeLimitReached).toBeUndefined();
  });

  it('a player without a time limit (no play-time count) is unchanged', async () => {
    const tab = world.open({ tabId: 'tab-b', channel: false });
    await logIn(world, tab);
    await world.advance(5 * MIN, 5 * S);
    expect(tab.client.view.playTime).toBeNull();
    expect(tab.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  });

  it('without the play-time flow nothing changes: the time-limit player stays free to bet', async () => {
    const client = createCustomPamClient({
      baseURL: world.server.url,
      fetch: world.fetch,
      flows: [profile(), userModule()],
      environment: { now: world.now, timers: world.clock, channel: null, random: () => 0.5 },
    });
    world.tabs.push({ client } as unknown as Tab);
    const { email, password } = world.server.seed.timeLimit;
    client.login({ login: email, password });
    await world.advance(90 * S, 5 * S);
    expect(client.view.playTime).toBeNull();
    expect(client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    expect(client.view.restrictions!.timeLimitReached).toBeUndefined();
  });

  it('a time-limit player on an untrusted clock (play time not judged) cannot bet: stale', async () => {
    let trusted = true;
    const listeners = new Set<(t: boolean) => void>();
    const clock = {
      now: world.now,
      serverNow: world.now,
      learn: () => {},
      offsetMs: () => 0,
      trusted: () => trusted,
      subscribe(fn: (t: boolean) => void) {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
      boundMs: 2_000,
    };
    const tab = world.open({ tabId: 'tab-c', channel: false, environment: { clock } as never });
    await logIn(world, tab, 'timeLimit');
    await world.advance(2 * S);
    expect(tab.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    trusted = false;
    for (const fn of [...listeners]) fn(false);
    await world.advance(30 * S, 1 * S);
    expect(tab.client.view.playTime?.reached).toBe(false);
    expect(tab.client.view.restrictions).toMatchObject({ status: 'stale', canBet: false });
  });

  it('property: over generated waits, wake-ups and clock jumps, canBet is never true while play time is reached', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1 * S, max: 40 * S }) }),
            fc.record({ kind: fc.constant('wake' as const) }),
            fc.record({
              kind: fc.constant('jump' as const),
              ms: fc.integer({ min: -2 * MIN, max: 2 * MIN }),
            }),
          ),
          { minLength: 3, maxLength: 12 },
        ),
        async (steps) => {
          world.closeAll();
          world.renew();
          world.server.reset();
          const tab = await timeLimitTab();
          const seen: string[] = [];
          tab.client.subscribe((v) => {
            if (v.restrictions?.canBet && v.playTime?.reached) seen.push(JSON.stringify(v.playTime));
          });
          for (const s of steps) {
            if (s.kind === 'wait') await world.advance(s.ms, 1 * S);
            else if (s.kind === 'wake') {
              tab.page.setHidden(true);
              tab.page.setHidden(false);
            } else world.jump(s.ms);
            await world.settle();
            const v = tab.client.view;
            expect(v.restrictions!.canBet && v.playTime?.reached === true).toBe(false);
            expect(v.restrictions!.timeLimitReached === true).toBe(v.playTime?.reached === true);
          }
          expect(seen).toEqual([]);
        },
      ),
      { numRuns: 12 },
    );
  }, 60_000);
});
