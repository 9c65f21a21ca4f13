import { describe, expect, it } from 'vitest';
import { createServerSessionClient, userModule } from '../../machines/index';
import { turns, until } from '../support/event-loop';
import { heldBefore, settle, useClients } from './forged-support';
import { changesOf } from './in-flight-support';
import { runningClock, usePam } from './support';

// REVIEW-25 R25-7, over real sockets: a tab started with a fresh `initial` seed (the page rendered
// with the server's view, fetched just before) went deciding -> signedIn at once, before any other
// tab could answer its `ask`: its first views showed canBet true while tab A's pause (or
// self-exclusion) was on its way (held before the server). Now a tab with a channel is barred
// (`stale`, the seed's data shown) until its ask has had its turn (a bounded wait), whatever its
// start: no view of it allows betting while another tab's change is in flight.

const clock = runningClock();
const pam = usePam(clock);
const CHANGES = changesOf(pam);

const clients = useClients();

describe.each(Object.entries(CHANGES))(
  'server-session: a %s in flight, a tab started from a seed',
  (_k, change) => {
    it('R25-7: the seeded tab is barred from its first view (its ask answered a turn later)', async () => {
      const t = await heldBefore(pam, clients, change.path);
      const call = settle(change.send(t.user));
      await until(() => t.held.length === 1, 'the change on its way, held before the server');
      // The page's seed, fetched just before (as a server render reads it): the pause not applied yet.
      const seed = await (await t.profile.fetch('/pam/session', { headers: { 'X-Pam-Client': '1' } })).json();
      expect(seed.status).toBe('signedIn');
      const c = createServerSessionClient({
        initial: seed,
        fetch: t.profile.fetch,
        flows: [userModule()],
        environment: { channel: t.hub.channel() },
      });
      clients.push(c);
      const views: string[] = [`${c.view.status}/${c.view.restrictions?.canBet}`];
      c.subscribe((v) => views.push(`${v.status}/${v.restrictions?.canBet}`));
      await until(() => c.view.status === 'signedIn', 'tab C signed in');
      await turns(40);
      expect(views).not.toContain('signedIn/true');
      expect(c.view.restrictions?.canBet).toBe(false);
      t.held[0]!('ok');
      expect(await call).toBe('ok');
      await turns(40);
      expect(c.view.restrictions?.canBet).toBe(false);
      expect(views).not.toContain('signedIn/true');
    });
  },
);
