// Review 96: the machine's own readings (`at`, `clockError`, set by `readClock`) are taken from an
// app's event as they are. READ skips an event whose `at` is already finite, and `noReading` trusts
// any truthy `clockError`: a GENERATE carrying `clockError: 'x'` lands in `failed` with a plain
// string as `context.error` (no PamError: `error.code` undefined), and one carrying `at` far in
// the past starts the report already past its deadline (timedOut, never polled).
import { isPamError } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { finished, pollsOf, type RealServer, report, reportActor, routeWith, runUntil } from './support';

const servers: RealServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function started() {
  const t = await reportActor(
    routeWith((n) => ({ body: report(n < 1 ? 2 : 3, n < 1 ? {} : { download_url: '/files/7.pdf' }) })),
  );
  servers.push(t.server);
  t.actor.start();
  await runUntil(t.actor, t.clock, (s) => s.matches('ready'));
  return t;
}

describe('an app event that carries the reading keys', () => {
  it('GENERATE with clockError: "x" never puts an untyped error in context', async () => {
    const t = await started();
    t.actor.send({
      type: 'GENERATE',
      referenceYear: 2025,
      deliveryType: 'download',
      clockError: 'x',
    } as never);
    const s = await runUntil(t.actor, t.clock, finished);
    t.actor.stop();
    // Correct: the key is ignored (the clock works) and the report completes; at least, any error
    // the machine holds is a typed PamError.
    if (s.context.error !== null) expect(isPamError(s.context.error)).toBe(true);
    expect(s.value).toBe('completed');
  });

  // Left (LOW, review 96): an event may carry its reading (`at`: issue 32.3, time on events, which
  // tests and the session's own flows use); a reading the app made up (a start 30,000 years ago)
  // ends the report `timedOut`, a state the app handles, nothing sent. Its `roll` and `clockError`
  // are left out now (fixed above). This `fails` turns red when a later change refuses such a
  // reading: then make it a plain test.
  it.fails('GENERATE with at: -1e15 still polls the report within maxPollMs', async () => {
    const t = await started();
    t.actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download', at: -1e15 } as never);
    const s = await runUntil(t.actor, t.clock, finished);
    t.actor.stop();
    expect(pollsOf(t.seen).length).toBeGreaterThan(0);
    expect(s.value).toBe('completed');
  });
});
