import { afterAll, beforeAll, describe, it } from 'vitest';
import { chromiumPath, SKIP_BROWSER_MESSAGE } from '../support/chromium';
import { responsibleGamingWalk, timeAlertWalk } from './responsible';
import { type ExampleHarness, startExample, walkThrough } from './support';

const hasBrowser = chromiumPath() !== null;
if (!hasBrowser) console.warn(SKIP_BROWSER_MESSAGE);

// Real pages in Chromium: on a loaded 2-core machine a step takes seconds (a safety net, not a figure).
describe.skipIf(!hasBrowser)('examples/svelte in Chromium', { timeout: 60_000 }, () => {
  let harness: ExampleHarness;
  beforeAll(async () => {
    harness = await startExample('svelte');
  }, 60_000);
  afterAll(() => harness?.close());

  it('logs in with the two-factor code, sets a deposit limit, completes a report, sees 2024 fail, logs out, meets the cancelled account; no secret leaks', async () => {
    await walkThrough('svelte', harness);
  }, 90_000);

  it('shows the paused and SPA-barred banners, the pending limit, asks for the password (step-up) for a looser limit and a confirmed pause, registers a player who is signed in', async () => {
    await responsibleGamingWalk('svelte', harness);
  }, 90_000);

  it('shows the play-time alert when the 1-minute time limit is reached', async () => {
    await timeAlertWalk(harness);
  }, 30_000);
});
