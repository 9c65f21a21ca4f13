// Review 81 probe (holds): the login answer echoes its own new access token (no request scrubber
// knows it) under keys that are no token key: user.username, an extra user field, a nested
// document field, userInfo.two_factor_type, a top-level debug `Bearer <token>`. Docs: no token in
// any view, snapshot, inspector event, debug line, funnel event or span. What happens: none
// (src/auth/operations.ts scrubs the granted token from the rest of the answer).
import { describe, expect, it } from 'vitest';
import { collectingTab, leaks, type Rewrite } from '../review69/harness';
import { S, useWorld } from '../support/world';

// biome-ignore lint/suspicious/noExplicitAny: a server's answer, written into at any depth
type Body = Record<string, any>;

const world = useWorld({ reportStepMs: S });

const where: Record<string, (b: Body, t: string) => void> = {
  username: (b, t) => {
    b.user.username = t;
  },
  extraUser: (b, t) => {
    b.user.session_hint = t;
  },
  nested: (b, t) => {
    b.user.document = { ...(b.user.document ?? {}), ref: t };
  },
  userInfo: (b, t) => {
    b.userInfo.two_factor_type = t;
  },
  topExtra: (b, t) => {
    b.debug = { bearer: `Bearer ${t}` };
  },
};

describe('probe: login answer echoes its own new access token', () => {
  for (const [name, put] of Object.entries(where))
    it(name, async () => {
      let token = '';
      const rewrite: Rewrite = (x, a) => {
        if (x.path.endsWith('/auth/login') && a.status === 200 && typeof a.body === 'object') {
          const b = a.body as Body;
          token = b.access_token;
          put(b, token);
          return { body: b };
        }
        return undefined;
      };
      const t = collectingTab(world, { rewrite, channel: false, rawRefs: false });
      const { email, password } = world.server.seed.plain;
      await world.settle();
      t.client.login({ login: email, password });
      await world.advance(3 * S);
      t.snap();
      expect(t.client.view.status).toBe('signedIn');
      expect(token.length).toBeGreaterThan(10);
      const ch = t.channels();
      expect(leaks(ch, token)).toEqual({});
    });
});
