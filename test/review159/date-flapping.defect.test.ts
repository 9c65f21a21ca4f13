// Review 159: answers whose `Date` flaps between two times a day apart (two API nodes behind a
// load balancer, one with its clock a day behind; a caching proxy): with 3 of the last 5 answers
// on the day-behind node, the one clock moves `serverNow()` a day back WHILE STAYING TRUSTED
// (PamClock.trusted's doc: false "while the answers disagree"; docs/time.md rule 5: "two votes more
// for it than against it" — 3 for, 2 against is one). Play time then counts in yesterday's São
// Paulo day, whose count is 0: a player past today's daily time limit is shown free to bet.
import { createClock } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { H, S, useWorld } from '../support/world';

const D = 24 * H;
const world = useWorld();
useMemoryLocalStorage();

/** `base` with each answer's `Date` moved by `shift()` ms (read when the answer lands). */
const shifted =
  (base: typeof fetch, shift: () => number): typeof fetch =>
  async (input, init) => {
    const answer = await base(input, init);
    const by = shift();
    if (by === 0) return answer;
    const headers = new Headers(answer.headers);
    const date = Date.parse(headers.get('date') ?? '');
    headers.set('date', new Date(date + by).toUTCString());
    const body = answer.status === 204 || answer.status === 304 ? null : await answer.arrayBuffer();
    return new Response(body, { status: answer.status, statusText: answer.statusText, headers });
  };

describe('review 159: Date headers flapping a day apart', () => {
  // OPEN (sixty-third pass; MEDIUM): left for the next session, expected to fail until then. A
  // majority of answers a day off moves the trusted clock a day (docs/time.md rule 5 trusts 3 of
  // 5), and play time then counts in that day alone. Tried: (1) trust only at two votes more for
  // than against: breaks the documented 3-of-5 rule (test/clock), and 4 of 5 a day off still
  // moves it; (2) the view also showing a later period's count: breaks review 95's guard (a 2099
  // count in the store raises nothing); (3) carrying this tab's estimate at the monotonic pace on
  // a trusted clock: breaks a sleep the monotonic clock did not see (test/machines midnight).
  // Next idea: a period this tab stands in, moved only by monotonic time or by a clock that
  // stayed trusted without an offset change beyond its bound.
  it.fails('the clock is not trusted while the last 5 answers split 3/2 between two days', () => {
    let wall = Date.UTC(2030, 0, 1, 15);
    let mono = 0;
    const clock = createClock({ wall: () => wall, monotonic: () => mono });
    const teach = (by: number) => {
      wall += S;
      mono += S;
      clock.learn(Math.floor((wall + by) / S) * S);
    };
    for (let i = 0; i < 5; i++) teach(0);
    for (const by of [-D, 0, -D, -D]) teach(by); // last 5: 0, -D, 0, -D, -D
    // serverNow a day off the clock it trusted a moment ago, with two of five answers against it.
    expect(Math.abs(clock.serverNow() - wall)).toBeGreaterThan(H);
    expect(clock.trusted()).toBe(false);
  });

  // OPEN (sixty-third pass; MEDIUM): left for the next session, expected to fail until then. A
  // majority of answers a day off moves the trusted clock a day (docs/time.md rule 5 trusts 3 of
  // 5), and play time then counts in that day alone. Tried: (1) trust only at two votes more for
  // than against: breaks the documented 3-of-5 rule (test/clock), and 4 of 5 a day off still
  // moves it; (2) the view also showing a later period's count: breaks review 95's guard (a 2099
  // count in the store raises nothing); (3) carrying this tab's estimate at the monotonic pace on
  // a trusted clock: breaks a sleep the monotonic clock did not see (test/machines midnight).
  // Next idea: a period this tab stands in, moved only by monotonic time or by a clock that
  // stayed trusted without an offset change beyond its bound.
  // (The other node a day behind, and, my mirror, a day ahead.)
  it.fails.each([-D, D])(
    'a player past the daily time limit is never shown free to bet while Dates flap (%d ms)',
    async (off) => {
      let behind = false; // the next answer comes from the other node
      const tab = world.open({
        tabId: 'tab-a',
        fetch: shifted(world.fetch, () => (behind ? off : 0)),
      });
      const seed = world.server.seed.timeLimit; // 1 minute a day
      tab.client.login({ login: seed.email, password: seed.password });
      await world.advance(3 * S);
      expect(tab.state()).toBe('signedIn');
      await world.advance(70 * S, 500);
      expect(tab.client.view.playTime).toMatchObject({ reached: true });
      expect(tab.client.view.restrictions?.canBet).toBe(false);

      // Answers alternate between the nodes; the view is watched after each.
      const freeAt: string[] = [];
      const pattern = [true, false, true, true, false, true, false, false, true, true, true];
      for (const [i, b] of pattern.entries()) {
        behind = b;
        await world.during(tab.client.auth.getUserProfile().catch(() => null));
        behind = false;
        for (let t = 0; t < 20; t++) {
          await world.advance(S, 500);
          const r = tab.client.view.restrictions;
          if (r?.canBet && freeAt.length < 3)
            freeAt.push(`answer ${i} +${t}s: used ${tab.client.view.playTime?.usedMs}`);
        }
      }
      expect(freeAt).toEqual([]);
    },
  );
});
