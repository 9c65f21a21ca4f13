// Review 47: two tabs, each its own store answering later; tab 1's words to tab 0 cut while tab 0's
// login (held 700 ms) and tab 1's login (100 ms) cross, then the server expires every token.
// The open tabs must agree at the end (runLinks, test/review41/links-support.ts).
import { it } from 'vitest';
import { runLinks, type Step } from '../review41/links-support';
import { useWorld } from '../support/world';

const world = useWorld();

const steps: Step[] = [
  { op: 'login', tab: 0, delay: 700 },
  { op: 'cut', from: 1, to: 0 },
  { op: 'login', tab: 1, delay: 100 },
  { op: 'expire' },
  { op: 'advance', ms: 0 },
];

it('review47: two logins crossing a cut link, then an expiry: the tabs agree', async () => {
  await runLinks(world, false, true, steps, 2);
}, 60_000);
