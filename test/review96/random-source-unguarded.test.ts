// Review 96: the jitter's random source (`input.random`) is read unguarded. The clock (`now`) that
// throws or gives NaN is handled (`readingOf`: typed error, no crash); `random` is not: one that
// throws stops the actor for good (status 'error', no typed PamError in `failed`), one that gives
// NaN (or a value outside [0, 1)) makes every poll delay 0: back-to-back polls, no time passing.
import { afterEach, describe, expect, it } from 'vitest';
import { finished, pollsOf, type RealServer, report, reportActor, routeWith, runUntil } from './support';

const servers: RealServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe('input.random misbehaving', () => {
  it('a random source that throws never crashes the actor (typed failure or polling goes on)', async () => {
    let draws = 0;
    const t = await reportActor(
      routeWith((n) => ({ body: report(n < 3 ? 2 : 3, n < 3 ? {} : { download_url: '/files/7.pdf' }) })),
      {
        random: () => {
          draws++;
          throw new Error('entropy pool drained');
        },
      },
    );
    servers.push(t.server);
    const errors: unknown[] = [];
    t.actor.subscribe({ error: (e) => errors.push(e) });
    t.actor.start();
    await runUntil(t.actor, t.clock, (s) => s.matches('ready'));
    t.actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    const s = await runUntil(t.actor, t.clock, finished).catch(() => t.actor.getSnapshot());
    t.actor.stop();
    expect(draws).toBeGreaterThan(0);
    // Correct: the actor is still a working machine (a typed failure, or the report completed).
    expect(errors).toEqual([]);
    expect(s.status).not.toBe('error');
  });

  for (const [what, random] of [
    ['NaN', () => Number.NaN],
    ['-5', () => -5],
  ] as const) {
    it(`a random source that gives ${what} never polls back to back`, async () => {
      const t = await reportActor(
        routeWith(() => ({ body: report(2) })),
        { random, pollIntervalMs: 1000, maxPollMs: 60_000 },
      );
      servers.push(t.server);
      t.actor.start();
      await runUntil(t.actor, t.clock, (s) => s.matches('ready'));
      t.actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
      await runUntil(t.actor, t.clock, (s) => finished(s) || pollsOf(t.seen).length >= 12, 60);
      t.actor.stop();
      const at = pollsOf(t.seen).map((r) => r.at);
      const gaps = at.slice(1).map((x, i) => x - at[i]!);
      // Correct: every wait is the backoff (at least 0.9 × pollIntervalMs), never 0.
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(900);
    });
  }
});
