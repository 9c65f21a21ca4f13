import { describe, expect, it } from 'vitest';
import { usePamClients } from '../support/clients';
import { turns, until } from '../support/event-loop';
import { manualTimers } from '../support/manual-timers';
import { useReferenceServer } from '../support/server';

// A clock that gives no time (an app's `environment.now` that throws or gives NaN) judges nothing:
// no sign-out, no refresh, and restrictions never `current`/`canBet` until a good reading (review
// 10, F3 and F4). Real sockets against the reference server; the client's timers by hand.

const ctx = useReferenceServer();
const { client: newClient, signIn } = usePamClients(ctx);

type Mode = 'ok' | 'throw' | 'nan';

async function signedIn(who: 'plain' | 'timeLimit') {
  const t = { now: Date.now() };
  const { timers, advance } = manualTimers(t);
  const state: { mode: Mode } = { mode: 'ok' };
  const now = () => {
    if (state.mode === 'throw') throw new Error('clock unavailable');
    return state.mode === 'nan' ? Number.NaN : t.now;
  };
  const client = newClient({ environment: { now, timers } });
  const told: string[] = [];
  for (const type of ['signedOut', 'sessionExpired', 'refreshFailed'] as const)
    client.on(type, (e) =>
      told.push(
        `${type}:${(e as { reason?: string; error?: { code?: string } }).reason ?? (e as { error?: { code?: string } }).error?.code ?? ''}`,
      ),
    );
  await signIn(client, who);
  await until(() => client.view.restrictions?.status === 'current', 'the profile read');
  // Real I/O between steps of the client's time.
  const run = async (ms: number, step = 250) => {
    for (let i = 0; i < ms; i += step) {
      advance(step);
      await turns(5);
    }
  };
  return { client, state, told, run };
}

describe('a clock that gives no time judges nothing (review 10)', () => {
  it.each([
    ['plain', 'throw'],
    ['timeLimit', 'throw'],
    ['plain', 'nan'],
    ['timeLimit', 'nan'],
  ] as const)(
    '%s player, a clock that gives %s: TICK, REFRESH, time passing: never current, never signed out',
    async (who, mode) => {
      const { client, state, told, run } = await signedIn(who);
      const seen: unknown[] = [];
      client.subscribe((v) =>
        seen.push(v.restrictions && `${v.restrictions.status}/${v.restrictions.canBet}`),
      );
      state.mode = mode;
      const sent = ctx.server.requests.length;
      client.state.send({ type: 'TICK' });
      expect(client.view.restrictions).toMatchObject({ status: 'stale', canBet: false });
      client.state.send({ type: 'REFRESH' });
      await until(() => told.some((x) => x.startsWith('refreshFailed')), 'the refresh failed');
      await run(10_000);
      client.state.send({ type: 'TICK' });
      await run(2_000);
      expect(told).toEqual(['refreshFailed:unexpected']);
      expect(client.view.status).toBe('signedIn');
      expect(client.view.restrictions).toMatchObject({ canBet: false });
      expect(client.view.restrictions?.status).not.toBe('current');
      expect(seen.filter((s) => s === 'current/true' || s === 'current/false')).toEqual([]);
      // Nothing judged from a non-reading: no refresh sent, no sign-out.
      expect(ctx.server.requests.slice(sent).filter((r) => r.path.includes('refresh'))).toEqual([]);
      // A good reading again: current once more.
      state.mode = 'ok';
      client.state.send({ type: 'TICK' });
      await run(3_000);
      await until(() => client.view.restrictions?.status === 'current', 'current again on a good reading');
      expect(client.view.status).toBe('signedIn');
    },
  );
});
