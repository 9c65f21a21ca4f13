import { createMemoryTokenStore } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { ignoredExpiry } from '../../machines/session/claim';
import { servicesOf } from '../../machines/session/context';
import { sending } from '../../machines/session/refresh';
import { logIn, S, type Tab, useWorld } from '../support/world';

// REVIEW-25 R25-2: a tab whose own refresh call was on its way when another tab's expiry of their
// login came sets that expiry aside (`ignoredExpiry`, AJ-3) and offers the dying login in no sync
// answer while it may be dying (AK-1). Both marks outlive the call (they are cleared at the next
// claim, hours later): once the call WON (a new token, counted above the expiry set aside), the tab
// answered no sync for hours, so a tab opened meanwhile with a store of its own stayed signed out
// beside a live login. Only a login held at or below the expiry set aside is kept from the answer.

const world = useWorld();

/** B signed in (a store of its own), its refresh marks set as after a race, the expiry at `seq(held)`. */
async function raced(expiryAt: (held: number) => number): Promise<Tab> {
  const b = world.open({ tabId: 'tab-b', storage: createMemoryTokenStore() });
  await world.settle();
  await logIn(world, b);
  await world.advance(5 * S, 250);
  const context = sessionActorOf(b.client).getSnapshot().context;
  const crossTab = servicesOf(context).crossTab!;
  const stored = (await servicesOf(context).tokens.get())!;
  sending.set(crossTab, stored);
  ignoredExpiry.set(crossTab, expiryAt(context.seq!));
  return b;
}

describe('the sync answer of a tab that set an expiry aside (R25-2)', () => {
  it('its login counted above the expiry (its refresh won): a new tab with its own store takes it', async () => {
    const b = await raced((held) => held - 1);
    const c = world.open({ tabId: 'tab-c', storage: createMemoryTokenStore() });
    await world.settle();
    await world.advance(5 * S, 250);
    expect(c.client.view.status).toBe('signedIn');
    expect(c.client.view.user?.id).toBe(b.client.view.user?.id);
  }, 60_000);

  it('its login the one whose expiry it set aside (its call on its way): offered to no tab (AK-1)', async () => {
    await raced((held) => held);
    const c = world.open({ tabId: 'tab-c', storage: createMemoryTokenStore() });
    await world.settle();
    await world.advance(5 * S, 250);
    expect(c.client.view.status).toBe('signedOut');
  }, 60_000);
});
