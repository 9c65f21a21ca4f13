// Review 41 (c): the crossing of fa2b9f8c's property seed 731682711 (tab B's refresh of L1 crosses
// tab A's logout of L1 and new login L2, the channel held and let go), with a token store that
// answers later (an IndexedDB-like store: every call answered on a later turn, in the order made).
// `clearTokensUnlessNewer` is decided at once only for a store that answers at once: here B's clear
// reads the store while the next message's read (A's login L2) is already pending; B takes L2 and
// writes it, then the clear's read answers with L1 (its own) and the clear lands after the write.
// (Fixed in the thirty-eighth pass: the clear is read and made as one write in the store's queue.)
import { describe, it } from 'vitest';
import { useWorld } from '../support/world';
import { crossed, runLinks, type Step } from './links-support';

const world = useWorld();

// The three-tab property's shrunk counterexample (seed 1866796922): no refresh at all, only a quick
// re-login in tab A (logout, login) while the channel is held; its two words reach B back to back.
const quickRelogin: Step[] = [
  { op: 'relogin', tab: 0, delay: 0 },
  { op: 'hold' },
  { op: 'relogin', tab: 0, delay: 0 },
];

// (`runLinks`'s two tabs: B on the second store; `hold` cuts every link, healed at the end.)
const run = (shared: boolean, later: boolean, steps: Step[]) => runLinks(world, shared, later, steps, 2);

describe('review41: the crossing of seed 731682711 with a store that answers later', () => {
  it('control: sync stores, one each', async () => {
    await run(false, false, crossed);
  }, 60_000);

  it('one store each, answering later', async () => {
    await run(false, true, crossed);
  }, 60_000);

  it('a quick re-login in tab A, the channel held, one store each answering later', async () => {
    await run(false, true, quickRelogin);
  }, 60_000);

  it('control: the same with sync stores', async () => {
    await run(false, false, quickRelogin);
  }, 60_000);

  it('one shared store, answering later', async () => {
    await run(true, true, crossed);
  }, 60_000);
});
