// Review 98, holds: the access token a server echoes in the income-report flow (a poll's 2xx answer
// in a field or in the download_url, plain, percent-encoded or base64url; a poll's 4xx message; a
// download's Content-Disposition, plain or RFC 8187-encoded) never reaches the report machine's
// snapshot, its error, or the file name handed to the app. Real sockets, time simulated.
import type { PamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { reportMachineOf } from '../support/report-tabs';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld({ reportStepMs: 500 });
useMemoryLocalStorage();
const POLL = /^\/income-report\/\d+$/;
const pct = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
const b64 = (s: string) => Buffer.from(s).toString('base64url');
const report = (extra: Record<string, unknown>) => ({
  id: 1,
  reference_year: 2025,
  status: 3,
  delivery_type: 'download',
  requested_at: '2030-01-01 00:00:00',
  generated_at: '2030-01-01 00:00:01',
  path: null,
  download_url: '/income-report/1/file',
  ...extra,
});

async function signedIn() {
  const a = world.open({ tabId: 'tab-a', channel: false });
  await logIn(world, a);
  await world.advance(S, 100);
  return { a, token: (await a.token())! };
}

const leaks = (dump: string, token: string) =>
  [token, pct(token), b64(token)].some((t) => dump.includes(t)) || decodeURIComponent(dump).includes(token);

describe('a poll answer echoing the access token', () => {
  for (const [where, make] of [
    ['an extra field', (t: string) => ({ note: t, user: { token: t } })],
    ['the download_url query', (t: string) => ({ download_url: `/income-report/1/file?t=${t}` })],
    [
      'the download_url path, percent-encoded',
      (t: string) => ({ download_url: `/income-report/1/${pct(t)}.pdf` }),
    ],
    [
      'the download_url query, percent-encoded',
      (t: string) => ({ download_url: `/income-report/1/file?t=${pct(t)}` }),
    ],
    [
      'the download_url query, base64url',
      (t: string) => ({ download_url: `/income-report/1/file?t=${b64(t)}` }),
    ],
  ] as const) {
    it(`in ${where}: not in the snapshot`, async () => {
      const { a, token } = await signedIn();
      const inspected: unknown[] = [];
      const actor = reportMachineOf(world, a, { pollIntervalMs: 2 * S, maxPollMs: 60 * S });
      actor.system.inspect((e) => inspected.push(e));
      actor.start();
      await world.advance(S, 100);
      actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
      world.server.faults.add({ method: 'GET', path: POLL, status: 200, body: report(make(token)) });
      await world.advance(10 * S, 250);
      expect(actor.getSnapshot().value).toBe('completed');
      const dump = JSON.stringify([actor.getPersistedSnapshot(), actor.getSnapshot().context, inspected]);
      expect(leaks(dump, token)).toBe(false);
      actor.stop();
    });
  }

  it('in a 403 message: not in the error, its message or toJSON', async () => {
    const { a, token } = await signedIn();
    const actor = reportMachineOf(world, a, { pollIntervalMs: 2 * S, maxPollMs: 60 * S }).start();
    await world.advance(S, 100);
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    world.server.faults.add({
      method: 'GET',
      path: POLL,
      status: 403,
      body: { message: `token ${token} refused`, errors: { token: [token] } },
    });
    await world.advance(10 * S, 250);
    const error = actor.getSnapshot().context.error as PamError;
    expect(error?.code).toBe('http');
    const dump = `${error.message} ${JSON.stringify(error)} ${String(error)} ${error.stack} ${JSON.stringify(actor.getPersistedSnapshot())}`;
    expect(leaks(dump, token)).toBe(false);
    actor.stop();
  });
});

describe("a download's file name never carries the token", () => {
  for (const [how, header] of [
    ['plain', (t: string) => `attachment; filename="${t}.pdf"`],
    ['RFC 8187, percent-encoded', (t: string) => `attachment; filename*=UTF-8''${pct(t)}.pdf`],
  ] as const) {
    it(how, async () => {
      const { a, token } = await signedIn();
      const r = await world.during(
        a.client.user.generateIncomeReport({ reference_year: 2025, type: 'download' }),
      );
      await world.advance(2 * S, 100);
      const done = await world.during(a.client.user.getIncomeReportStatus(r.id));
      world.server.faults.add({
        method: 'GET',
        path: /\/file$/,
        status: 200,
        body: '%PDF-1.4',
        contentType: 'application/pdf',
        headers: { 'content-disposition': header(token) },
      });
      const file = await world.during(a.client.user.downloadIncomeReport(done));
      expect(file.fileName).not.toContain(token);
      expect(file.fileName.endsWith('.pdf')).toBe(true);
    });
  }
});
