import { createClock } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { selectSessionView } from '../../machines/client/session-facade';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playPeriodOf } from '../../src/internal';
import { until } from '../support/event-loop';
import { useServerHidingDate } from '../support/hidden-date';

// Review 8, item 3: with play time NOT KNOWN (no server time learned yet) the view said
// `restrictions.timeLimitReached: true`, telling a player who played 0 minutes that the limit was
// reached. Betting stays barred (fail closed) but the view says why truly: `playTimeUnknown: true`,
// and `timeLimitReached` only when play time is known and reached.

const { tracked, newClient, signIn } = useServerHidingDate();

describe('play time not known: barred, never "the limit is reached"', () => {
  it('a player who played nothing, on a clock that never learned: canBet false, playTimeUnknown, no timeLimitReached', async () => {
    const sim = new SimulatedClock();
    const wall = Date.now();
    const clock = createClock({ base: () => wall + sim.now() });
    const store = createMemoryPlayClock({
      periodKey: playPeriodOf('daily', wall).key,
      usedMs: 0,
      lastBeat: null,
    });
    const client = newClient({ environment: { clock, timers: sim }, playClock: () => store });
    await signIn(client, 'timeLimit');
    await until(() => client.view.playTime !== null, 'the play time in the view');
    await tracked.idle();
    sim.increment(1_000);
    expect(client.view.playTime).toMatchObject({ known: false });
    expect(client.view.restrictions?.canBet).toBe(false);
    expect(client.view.restrictions?.playTimeUnknown).toBe(true);
    expect(client.view.restrictions?.timeLimitReached).toBeUndefined();
  });

  it('known and reached: timeLimitReached, not playTimeUnknown', () => {
    const restrictions = { canBet: true, status: 'known' };
    const view = (playTime: object) =>
      selectSessionView({
        context: { restrictions, playTime, login: {} } as never,
        hasTag: (t) => t === 'signedIn',
      }).restrictions;
    expect(view({ known: true, reached: true })).toMatchObject({ canBet: false, timeLimitReached: true });
    expect(view({ known: true, reached: true })?.playTimeUnknown).toBeUndefined();
    expect(view({ reached: true })).toMatchObject({ canBet: false, timeLimitReached: true });
    expect(view({ known: false, reached: true })).toMatchObject({ canBet: false, playTimeUnknown: true });
    expect(view({ known: false, reached: true })?.timeLimitReached).toBeUndefined();
    expect(view({ known: true, reached: false })).toBe(restrictions);
  });
});
