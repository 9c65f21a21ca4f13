// Review 156, its class in the core client (found by me while mending the server-session one): the
// operator preset's profile read answered 200 with the profile AND an envelope saying it failed
// (`{"success":false,…}`, `{"status":"error",…}`, `{"error":"…",…}`) was taken as this login's
// current restrictions: `canBet` true from an answer that says it is not one. Fail closed: the read
// fails (`invalid_response`), the restrictions are not current and the player is not free to bet.
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { restrictionsWith } from './profile-with';

const ctx = useReferenceServer();

const ENVELOPES: [string, Record<string, unknown>][] = [
  ['success false', { success: false }],
  ['status error', { status: 'error' }],
  ['an error text', { error: 'profile unavailable' }],
];

describe('review 156 (core): a profile read whose envelope says it failed', () => {
  it.each(ENVELOPES)(
    '%s: the restrictions are not current, the player not free to bet',
    async (_n, extra) => {
      // (The server's own answer over loopback, the envelope's fields added to it.)
      const r = await restrictionsWith(ctx.server, extra);
      expect(r.status).not.toBe('current');
      expect(r.canBet).not.toBe(true);
      expect(r.code).toBe('invalid_response');
    },
  );
});
