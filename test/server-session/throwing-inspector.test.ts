// REVIEW-AM AM-3: an `inspector()` that throws (a closed inspector window, a DataCloneError on
// postMessage, a buggy observer) broke the server-session client: creation threw (the page got no
// client), a later throw came out of `client.login()` / `logout()` with nothing sent, and a
// `debugLog()` listed after it went silent. Diagnostics never decide: each observer is guarded on
// its own, as in createPamClient / createCustomPamClient.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { debugLog, inspector } from '../../machines/index';
import { startWithFlows } from './play-time-support';
import { NOON } from './seeded-client';

const boom = () => {
  throw new Error('boom');
};

describe('a throwing inspector in the server-session client', () => {
  it('creation does not throw, and a debug log after it still hears everything', () => {
    const lines: string[] = [];
    const { client, advance } = startWithFlows({
      at: NOON,
      userId: 7,
      info: {},
      flows: [inspector(boom), inspector({ next: boom }), debugLog((line) => lines.push(String(line)))],
    });
    advance(0);
    expect(client.view.status).toBe('signedIn');
    expect(lines.length).toBeGreaterThan(0);
    client.stop();
  });

  it('property: an inspector throwing from any event on never stops a command or the log', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(60), fc.boolean(), async (from, asObserver) => {
        let seen = 0;
        const lines: string[] = [];
        const throwing = () => {
          if (++seen > from) throw new Error('boom');
        };
        const { client, advance, sent } = startWithFlows({
          at: NOON,
          userId: 8,
          info: {},
          flows: [
            inspector(asObserver ? { next: throwing } : throwing),
            debugLog((line) => lines.push(String(line))),
          ],
        });
        advance(0);
        const before = lines.length;
        expect(() => client.logout()).not.toThrow();
        advance(0);
        // The logout request leaves after the adapter's own promise turns (no timer: a turn).
        await new Promise((resolve) => setImmediate(resolve));
        expect(client.view.status).not.toBe('signedIn');
        expect(sent).toContainEqual(expect.stringContaining('logout'));
        expect(lines.length).toBeGreaterThan(before);
        client.stop();
      }),
      { numRuns: 40 },
    );
  });
});
