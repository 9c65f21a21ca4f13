// Generated sequences of an app's token store failing (which operation, how: a throw or a
// rejection, for how many calls) between logins, refreshes and logouts of createPamClient, against
// the reference server over real sockets. After every step the session runs and no token shows in
// its view or snapshot; after every logout no token the client was ever given is live at the server.

import fc from 'fast-check';
import { createMemoryTokenStore, type TokenStore } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import type { PamClient } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { reachableStrings } from '../support/reachable';
import { clientsFor, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const { client } = usePamClients(ctx);

type Op = 'get' | 'set' | 'clear';
type Mode = 'throw' | 'reject';

/** A memory store whose next `times` calls of an operation fail (a throw or a rejection). */
function flakyStore() {
  const inner = createMemoryTokenStore();
  const failing = new Map<Op, { mode: Mode; times: number }>();
  const tokens: string[] = [];
  const run = <T>(op: Op, call: () => T): T | Promise<T> => {
    const f = failing.get(op);
    if (!f || f.times <= 0) return call();
    f.times--;
    const error = new Error(`${op} failed, holding ${tokens.at(-1)}`);
    if (f.mode === 'throw') throw error;
    return Promise.reject(error);
  };
  const store: TokenStore = {
    get: () => run('get', () => inner.get()),
    set: (s) => {
      tokens.push(s.accessToken);
      return run('set', () => inner.set(s));
    },
    clear: () => run('clear', () => inner.clear()),
  };
  return { store, tokens, failing };
}

interface Real {
  c: PamClient;
  f: ReturnType<typeof flakyStore>;
}
type Cmd = fc.AsyncCommand<object, Real>;

class Fail implements Cmd {
  constructor(
    readonly op: Op,
    readonly mode: Mode,
    readonly times: number,
  ) {}
  check = () => true;
  async run(_: object, r: Real) {
    r.f.failing.set(this.op, { mode: this.mode, times: this.times });
  }
  toString = () => `fail(${this.op}, ${this.mode}, ${this.times})`;
}

class Login implements Cmd {
  check = () => true;
  async run(_: object, { c }: Real) {
    if (c.view.status === 'signedIn') return;
    if (c.view.status === 'failed') c.cancel();
    const { email, password } = ctx.server.seed.plain;
    c.login({ login: email, password });
    await until(() => c.view.status === 'signedIn' || c.view.status === 'failed', 'the login settled');
  }
  toString = () => 'login';
}

class Refresh implements Cmd {
  check = () => true;
  async run(_: object, { c }: Real) {
    if (c.view.status !== 'signedIn') return;
    let settled = false;
    const offs = [
      c.on('tokenRefreshed', () => (settled = true)),
      c.on('refreshFailed', () => (settled = true)),
    ];
    c.state.send({ type: 'REFRESH' });
    await until(() => settled || c.view.status !== 'signedIn', 'the refresh settled');
    for (const off of offs) off();
  }
  toString = () => 'refresh';
}

class Logout implements Cmd {
  check = () => true;
  async run(_: object, { c, f }: Real) {
    if (c.view.status !== 'signedIn') return;
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
    const live = await Promise.all(
      f.tokens.map((t) =>
        clientsFor(ctx.server, t)
          .auth.getUserProfile()
          .then(
            () => true,
            (e: { code?: string }) => e.code,
          ),
      ),
    );
    expect(live).toEqual(f.tokens.map(() => 'unauthorized'));
  }
  toString = () => 'logout';
}

const commands = fc.commands(
  [
    fc
      .tuple(
        fc.constantFrom<Op>('get', 'set', 'clear'),
        fc.constantFrom<Mode>('throw', 'reject'),
        fc.constantFrom(0, 1, 2, Number.POSITIVE_INFINITY),
      )
      .map(([op, mode, times]) => new Fail(op, mode, times)),
    fc.constant(new Login()),
    fc.constant(new Refresh()),
    fc.constant(new Logout()),
  ],
  { maxCommands: 12 },
);

describe('createPamClient on a store failing at generated moments', () => {
  it('never crashes, never shows a token, and leaves none live after a logout', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const f = flakyStore();
        const c = client({ storage: f.store });
        try {
          await until(() => c.view.status !== 'restoring', 'restored');
          // A last logout (with the store healed or not) closes every sequence.
          await fc.asyncModelRun(() => ({ model: {}, real: { c, f } }), [...cmds, new Logout()]);
          expect(sessionActorOf(c).getSnapshot().status).toBe('active');
          const seen = [JSON.stringify(c.view), ...reachableStrings(sessionActorOf(c).getSnapshot())].join(
            '\n',
          );
          for (const token of f.tokens) expect(seen).not.toContain(token);
        } finally {
          c.stop();
        }
      }),
      { numRuns: Number(process.env.RUNS ?? 40) },
    );
  });
});
