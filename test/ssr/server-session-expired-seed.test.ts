// The server render (the inert client) of a seed whose session has already ended by the server's
// clock: the review found it rendered signed in (the seed's player in the HTML, `ready` settled
// signed in). A seed is judged at the clock the client reads, on the server as in the browser:
// ended at or before it, the render is signed out (`signedOutReason: 'expired'`), as the
// browser's first frame is; nothing is sent, armed or opened either way.

import fc from 'fast-check';
import type { PamSessionSeed } from 'pam-client';
import { createServerSessionClient } from 'pam-client/machines';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionPanel } from '../browser/components/react-session';
import { answeredUserInfo } from '../support/answered-user-info';

/** 12:00 in São Paulo (UTC-3), the next São Paulo midnight. */
const NOON = Date.UTC(2026, 10, 24, 15);
const MIDNIGHT = Date.UTC(2026, 10, 25, 3);
const S = 1_000;
const H = 3_600_000;
const DAY = 86_400_000;

const seedOf = (readAt: number, expiresAt: number): PamSessionSeed => ({
  status: 'signedIn',
  user: { id: 4, email: 'player@example.com', cancelled_account: false } as PamSessionSeed['user'],
  userInfo: answeredUserInfo(),
  readAt,
  loginId: 'login-1',
  expiresAt,
});

const ENDED = {
  status: 'signedOut',
  user: null,
  userInfo: null,
  restrictions: null,
  signedOutReason: 'expired',
};

let requests = 0;
beforeEach(() => {
  vi.useFakeTimers({ now: NOON });
  requests = 0;
  vi.stubGlobal('fetch', () => {
    requests++;
    return new Promise<never>(() => {});
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the server render of a seed that ended by the server’s clock', () => {
  it('ended a second ago: rendered signed out (expired), ready signed out, nothing sent or armed', async () => {
    const client = createServerSessionClient({ initial: seedOf(NOON - H, NOON - S) });
    try {
      expect(client.view).toMatchObject(ENDED);
      await expect(client.ready).resolves.toMatchObject(ENDED);
      const html = renderToString(h(SessionPanel, { client: client as never }));
      expect(html).toContain('signedOut');
      expect(html).not.toContain('player@example.com');
      expect(requests).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      client.stop();
    }
  });

  it('generated seeds × server clocks (read times, ends, São Paulo midnights): signed in only before the end, never free to bet', () => {
    const around = fc.oneof(
      fc.constant(0),
      fc.constantFrom(-1, 1, -2 * S, 2 * S),
      fc.integer({ min: -3 * H, max: 3 * H }),
      fc.integer({ min: -3 * DAY, max: 3 * DAY }),
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: MIDNIGHT - 3 * H, max: MIDNIGHT + 3 * H }), fc.constant(NOON)),
        around,
        around,
        (now, read, end) => {
          vi.setSystemTime(now);
          const expiresAt = Math.max(0, now + end);
          const client = createServerSessionClient({ initial: seedOf(Math.max(0, now + read), expiresAt) });
          try {
            const ended = expiresAt <= now;
            expect(client.view.status, `ends ${end} ms from now`).toBe(ended ? 'signedOut' : 'signedIn');
            expect(client.view.signedOutReason).toBe(ended ? 'expired' : null);
            expect(client.view.user?.id ?? null).toBe(ended ? null : 4);
            expect(client.view.restrictions?.canBet ?? false).toBe(false);
            expect(vi.getTimerCount()).toBe(0);
            expect(requests).toBe(0);
          } finally {
            client.stop();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
