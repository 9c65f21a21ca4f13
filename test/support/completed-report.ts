// A report test's set-up through the proxy (test/server): a browser signed in with a completed
// download report.
import type { Browser, TestClock } from '../server/harness';
import type { ServerFixture } from './server';

/**
 * Signs `browser` in (as `email`, player 1's password; default player 1) and makes a completed
 * download report (the reference server's clock moved 10 s on, `clock`): its id and the proxy's
 * download_url.
 */
export async function completedReport(
  browser: Browser,
  { ref, clock }: { ref: ServerFixture; clock: TestClock },
  email = ref.server.seed.plain.email,
) {
  await browser.login(email, ref.server.seed.plain.password);
  const made = await browser.call('POST', '/pam/income-report/generate', {
    reference_year: 2025,
    type: 'download',
  });
  const id = (made.json as { id: number }).id;
  clock.now += 10_000; // the reference report completes on its clock
  const report = await browser.call('GET', `/pam/income-report/${id}`);
  return { id, url: (report.json as { download_url: string }).download_url };
}
