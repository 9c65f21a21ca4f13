import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { turns, until } from '../support/event-loop';
import { changesOf, twoTabs as inFlightTabs } from './in-flight-support';
import { runningClock, usePam } from './support';

// REVIEW-AI AI-3 in server-session mode, over real sockets (the reference server behind
// `pam-client/server`): a pause or self-exclusion whose answer is held (the server applied it on
// receipt) bars betting from the send, in the tab that sent it and in the other tab of the login;
// accepted, it stays barred; refused (a 422), both tabs are free again.

const clock = runningClock();
const { ref, fx } = usePam(clock);

const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const pam = { ref, fx };
const CHANGES = changesOf(pam);
const twoTabs = (path: string) => inFlightTabs(pam, clients, path);

describe.each(Object.entries(CHANGES))(
  'server-session: a %s whose answer is held (AI-3)',
  (_kind, change) => {
    it('accepted: barred from the send, while held, and after, in both tabs', async () => {
      const { a, b, held, breaches, user } = await twoTabs(change.path);
      const call = change.send(user);
      await until(() => held.length === 1, 'the change handled by the server, its answer held');
      await turns(10);
      expect(a.view.restrictions?.canBet).toBe(false);
      expect(b.view.restrictions?.canBet).toBe(false);
      held[0]!();
      await call;
      await turns(20);
      expect(a.view.restrictions?.canBet).toBe(false);
      expect(b.view.restrictions?.canBet).toBe(false);
      expect(breaches).toEqual([]);
    });

    it('refused (422): barred while held, free again once refused, in both tabs', async () => {
      const { a, b, held, breaches, user } = await twoTabs(change.path);
      ref.server.faults.add({
        path: new RegExp(change.path),
        status: 422,
        body: { message: 'invalid' },
        times: 1,
      });
      const call = change.send(user).then(
        () => 'ok',
        (e: { status?: number }) => e.status,
      );
      await until(() => held.length === 1, 'the change refused by the server, its answer held');
      await turns(10);
      expect(a.view.restrictions?.canBet).toBe(false);
      expect(b.view.restrictions?.canBet).toBe(false);
      expect(breaches).toEqual([]);
      held[0]!();
      expect(await call).toBe(422);
      await until(
        () => a.view.restrictions?.canBet === true && b.view.restrictions?.canBet === true,
        'both tabs free again',
      );
    });
  },
);
