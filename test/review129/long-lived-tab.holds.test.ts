// Review 129, HOLDS: a betting tab left open for days does not pile up state. Two tabs of the real
// client (operator preset + funnel events + an OpenTelemetry trace of them) over the in-process
// reference server run cycles of: a login (plain, a time-limited player, or with a 2FA code, a
// wrong one first), profile reads on focus, user calls answered, 503, 401 (a refresh), aborted
// before and while sent, a wrong password check, a limit change, an income-report status read,
// visibility flips, 90 s of play-time beats, every 5th cycle 7 h (a refresh), and a logout from
// either tab (heard across tabs). Counted, never heap or time: every Map, Set and array the client's
// code writes to (./tracker.ts, by site, after a forced GC), the simulated clock's pending timers,
// the page's and channel's listeners, the open spans. 40 cycles more may grow nothing by 20.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funnelEvents, operatorPreset } from '../../machines/index';
import { traceFunnel } from '../../machines/otel/index';
import { H, MIN, Rig, S } from './rig';
import { census, grown, track, untrack } from './tracker';

beforeAll(track);
afterAll(untrack);
const swallow = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e) => (e as { code?: string }).code ?? 'raw',
  );

/** A tracer that only counts the spans it has open. */
function countingTracer() {
  let open = 0;
  const span = () => {
    open++;
    let ended = false;
    return {
      setAttributes: () => {},
      addEvent: () => {},
      setStatus: () => {},
      end: () => {
        if (!ended) open--;
        ended = true;
      },
    };
  };
  return { tracer: { startSpan: span } as never, open: () => open };
}

describe('review 129: a tab open for days holds no more after 40 more cycles', () => {
  it('logins (2FA too), refreshes, failing and aborted calls, cross-tab logouts, beats, limits, reports', async () => {
    const rig = new Rig();
    const flows = funnelEvents(operatorPreset());
    const a = rig.open('tab-a', { timeout: 5000, retry: 0, flows });
    const b = rig.open('tab-b', { timeout: 5000, retry: 0, flows });
    const otel = countingTracer();
    const untrace = traceFunnel(a.client, { tracer: otel.tracer });
    const outcomes: unknown[] = [];
    const seed = rig.kit.seed;
    const results: string[] = [];
    const call = async (p: Promise<unknown>) => results.push(await rig.during(swallow(p)));
    const cycle = async (i: number) => {
      const off = a.client.on('mutationOutcomeUnknown', (e) => outcomes.push(e));
      if (i % 3 === 1) {
        a.client.login({ login: seed.twoFactor.email, password: seed.twoFactor.password });
        await rig.until('code asked', () => a.client.view.status === 'twoFactorRequired');
        if (i % 2) a.client.submitCode('000000');
        await rig.settle();
        a.client.submitCode(seed.twoFactor.twoFactorCode!);
        await rig.until('2fa in', () => a.state() === 'signedIn');
      } else await rig.logIn(a, i % 3 === 2 ? 'timeLimit' : 'plain');
      await rig.advance(3 * S);
      const u = a.client.user;
      await call(u.getAddress());
      rig.kit.faults.add({ path: '/bff/users/address-by-user', status: 503, times: 1 });
      await call(u.getAddress());
      rig.kit.faults.add({ path: '/bff/users/address-by-user', status: 401, times: 1 });
      await call(u.getAddress());
      await call(u.getAddress({ signal: AbortSignal.abort() }));
      const ac = new AbortController();
      const p = u.getLoginHistory(1, { signal: ac.signal });
      ac.abort();
      await call(p);
      await call(u.checkPassword({ password: `wrong-${i}` } as never));
      await call(u.updateLimits({ user_limit_bet: 1000 - (i % 50), user_limit_bet_active: 1 }));
      await call(u.getIncomeReportStatus(1));
      a.page.fireFocus();
      b.page.setHidden(true);
      b.page.setHidden(false);
      await rig.advance(90 * S, 10 * S);
      if (i % 5 === 0) await rig.advance(7 * H, 10 * MIN);
      await rig.logOut(i % 2 ? b : a);
      await rig.until('a signed out', () => a.state() === 'signedOut');
      await rig.advance(2 * S);
      off();
    };
    const counts = () => ({
      timers: (rig.clock as unknown as { timeouts: Map<unknown, unknown> }).timeouts.size,
      page: a.page.listenerCount + b.page.listenerCount,
      channels: [...rig.hub.open].reduce((n, c) => n + c.listenerCount, 0),
      spans: otel.open(),
    });
    let i = 0;
    for (; i < 20; i++) await cycle(i);
    const c1 = await census();
    const k1 = counts();
    for (; i < 60; i++) await cycle(i);
    const c2 = await census();
    const k2 = counts();
    // The control: every kind of answer was had, and the tracker saw the client's structures.
    expect(new Set(results)).toEqual(
      new Set(['ok', 'http', 'aborted', 'step_up_locked', 'step_up_required']),
    );
    // (Not asked whether the census saw held-secrets.ts: in CI's shared worker (isolate: false) an
    // earlier file may have made its maps before the tracker was installed.)
    expect(grown(c1, c2, 20)).toEqual({});
    expect(k2).toEqual(k1);
    untrace();
    rig.stop();
  }, 300_000);
});
