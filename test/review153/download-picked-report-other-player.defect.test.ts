// Review 153, DEFECT (LOW-MEDIUM): a report is its player's (REVIEW-AN AN-1): used while another
// player is signed in, `downloadIncomeReport` refuses it (`aborted`) before anything is sent. The
// guard knows the report by its object or its `id`; `downloadIncomeReport` asks only for
// `Pick<IncomeReportData, 'download_url' | 'reference_year'>`, and an app that passes just that
// (as its type invites) gets past it: with a pre-signed link (another origin, fetched without the
// token, as documented) player B's tab downloads player A's income-tax PDF. Reference server over
// real sockets for the players; a node:http "bucket" on 127.0.0.1 for the signed link.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PamError } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { reportMachineOf } from '../support/report-tabs';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld({ reportStepMs: 500 });
useMemoryLocalStorage();

let bucket: Server | undefined;
let fetched = 0;
afterEach(async () => {
  const b = bucket;
  bucket = undefined;
  if (b) await new Promise<void>((r) => b.close(() => r()));
});

async function startBucket(): Promise<string> {
  fetched = 0;
  bucket = createServer((_req, res) => {
    fetched++;
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end("%PDF-1.4\n% player A's income report\n%%EOF\n");
  });
  await new Promise<void>((r) => bucket!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(bucket.address() as AddressInfo).port}`;
}

describe("review 153: A's report, picked to what the download asks for, under B", () => {
  it('a pre-signed link: refused (aborted), nothing fetched', async () => {
    const signed = `${await startBucket()}/reports/a-2025.pdf?X-Amz-Signature=abc123`;
    const a = world.open({ tabId: 'tab-a', channel: false });
    await logIn(world, a);
    await world.advance(S, 100);
    const actor = reportMachineOf(world, a, { pollIntervalMs: 2 * S, maxPollMs: 60 * S }).start();
    await world.advance(S, 100);
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await world.advance(200, 50);
    const id = actor.getSnapshot().context.report!.id;
    // The poll answers the report done, its file on a storage bucket (a pre-signed link).
    world.server.faults.add({
      method: 'GET',
      path: `/income-report/${id}`,
      status: 200,
      body: {
        id,
        reference_year: 2025,
        status: 3,
        delivery_type: 'download',
        requested_at: '2030-01-01 00:00:00',
        generated_at: '2030-01-01 00:00:01',
        path: null,
        download_url: signed,
      },
    });
    await world.advance(10 * S, 250);
    expect(actor.getSnapshot().value).toBe('completed');
    const report = actor.getSnapshot().context.report!;
    expect(report.download_url).toBe(signed);

    a.client.logout();
    await world.advance(300, 50);
    await logIn(world, a, 'pendingLimit');
    // The whole report object and a copy of it are refused (review 98); the picked form:
    const picked = { download_url: report.download_url, reference_year: report.reference_year };
    const outcome = await a.client.user.downloadIncomeReport(picked).then(
      () => 'resolved',
      (e: PamError) => `rejected ${e.code}`,
    );
    expect({ outcome, fetched }).toEqual({ outcome: 'rejected aborted', fetched: 0 });
    actor.stop();
  });
});
