// Review 81 probe (holds): the login answer that accepts a two-factor code echoes that code in the
// answer (a JSON number under a free key, under `userInfo.two_factor_code`, as a string, split by a
// space). Docs (README "Secrets" / contract.md): no code reaches a view, snapshot, inspector event or
// debug line. What happens: none does (the profile re-read replaces the user; inspector and debug redact).
import { describe, expect, it } from 'vitest';
import { collectingTab, leaks, type Rewrite } from '../review69/harness';
import { S, useWorld } from '../support/world';

// biome-ignore lint/suspicious/noExplicitAny: a server's answer, written into at any depth
type Body = Record<string, any>;

const world = useWorld({ reportStepMs: S });

const where: Record<string, (b: Body, c: string) => void> = {
  numberUser: (b, c) => {
    b.user.last_code = Number(c);
  },
  numberInfo: (b, c) => {
    b.userInfo.two_factor_code = Number(c);
  },
  stringUser: (b, c) => {
    b.user.nickname = c;
  },
  stringSpaced: (b, c) => {
    b.user.nickname = `${c.slice(0, 3)} ${c.slice(3)}`;
  },
};

describe('probe: the accepting login answer echoes the 2FA code', () => {
  for (const [name, put] of Object.entries(where))
    it(name, async () => {
      const { email, password, twoFactorCode } = world.server.seed.twoFactor;
      const rewrite: Rewrite = (x, a) => {
        const body = x.requestBody as { two_factor_code?: string } | undefined;
        if (x.path.endsWith('/auth/login') && a.status === 200 && body?.two_factor_code) {
          const b = a.body as Body;
          if (!b.user) return undefined;
          put(b, body.two_factor_code);
          return { body: b };
        }
        return undefined;
      };
      const t = collectingTab(world, { rewrite, channel: false });
      await world.settle();
      t.client.login({ login: email, password });
      await world.advance(2 * S);
      t.client.submitCode(twoFactorCode!);
      await world.advance(3 * S);
      t.snap();
      expect(t.client.view.status).toBe('signedIn');
      const ch = t.channels();
      const found = leaks(
        { views: ch.views, snapshots: ch.snapshots, inspector: ch.inspector, debug: ch.debug },
        twoFactorCode!,
      );
      const found2 = leaks(
        { views: ch.views, snapshots: ch.snapshots, inspector: ch.inspector, debug: ch.debug },
        `${twoFactorCode!.slice(0, 3)} ${twoFactorCode!.slice(3)}`,
      );
      expect({ ...found, ...found2 }).toEqual({});
    });
});
