// Review 153, DEFECT: a poll answered 2xx whose body says the report is done (status 3) AND that
// the request failed (`success: false`, a non-empty `error`/`errors`, an envelope's `data.success`
// false). Review 146 made such envelopes `invalid_response` for writes; the report's reads take
// status 3 alone and the machine shows the report ready (`completed`, its link offered) when the
// server said in the same answer that something went wrong: fail open on a contradiction the
// client cannot resolve. Real socket (node:http on 127.0.0.1), SimulatedClock.
import { afterEach, describe, expect, it } from 'vitest';
import { report, reportRig, routeWith, runUntil } from '../review131/report-support';

const rigs: Awaited<ReturnType<typeof reportRig>>[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) {
    r.actor.stop();
    await r.server.close();
  }
});

const ready = { status: 3, generated_at: '2026-01-01 10:00:05', download_url: '/v1/income-report/7/file' };

describe('review 153: a "completed" poll answer that also says it failed', () => {
  for (const [what, extra] of [
    ['success: false', { success: false }],
    ['a non-empty error', { error: 'report generation failed' }],
    ['a non-empty errors list', { errors: [{ code: 'pdf_render_failed' }] }],
    ['success: "false"', { success: 'false' }],
  ] as const) {
    it(`${what}: never \`completed\``, async () => {
      const rig = await reportRig(
        routeWith((n) => ({ body: n === 0 ? report(2) : report(3, { ...ready, ...extra }) })),
      );
      rigs.push(rig);
      rig.actor.start();
      await runUntil(rig, (s) => s.matches('ready'));
      rig.actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
      const s = await runUntil(
        rig,
        (x) => x.matches('completed') || x.matches('failed') || x.matches('timedOut'),
      );
      expect({ value: s.value, code: s.context.error?.code ?? null }).toEqual({
        value: 'failed',
        code: 'invalid_response',
      });
    });
  }
});
