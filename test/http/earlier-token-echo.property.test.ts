import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter } from '../../src/index';
import { ENCODERS } from '../errors/encoders';
import { reachableStrings } from '../support/reachable';
import { useReferenceServer } from '../support/server';

// REVIEW-C F6 (browser side) as a model test: any sequence of sign-ins, calls, refreshes (the
// reference server rotates: the replaced token is revoked), tokens another tab stored (adopted)
// and sign-outs, with answers in between that echo a token this client sent before (the current
// one, one a refresh replaced, an adopted one, one of a login that ended), 2xx or error, JSON or
// text, in the forms back ends write. Invariant after each echo: what the call answers (the value,
// or the error) holds none of the last 8 tokens the client sent (the adapter's bound), in any form.

const ctx = useReferenceServer();

/** How many of the tokens it sent the adapter keeps scrubbing (src/http/ofetch-adapter.ts). */
const HELD = 8;

interface Model {
  /** The tokens sent, oldest first, each once (sent again: moved to the end). */
  sent: string[];
}
interface Real {
  store: { token: string | null };
  http: ReturnType<typeof createOfetchAdapter>;
  auth: ReturnType<typeof createAuthModule>;
}
type Command = fc.AsyncCommand<Model, Real>;

const sentNow = (m: Model, token: string | null) => {
  if (!token) return;
  m.sent = m.sent.filter((t) => t !== token).concat(token);
};

/** The strings of `value` (reachable, and as `inspect` and JSON show it) holding `token` in any form. */
function holding(value: unknown, token: string): string[] {
  const texts = [...reachableStrings(value), inspect(value, { depth: 8 }), JSON.stringify(value) ?? ''];
  const forms = Object.values(ENCODERS).map((encode) => encode(token).toLowerCase());
  return texts.filter((t) => forms.some((f) => t.toLowerCase().includes(f)));
}

const player = () => ctx.server.seed.plain;

class SignIn implements Command {
  check = (_m: Readonly<Model>) => true;
  async run(_m: Model, r: Real) {
    if (r.store.token) return; // signed in already: nothing to do (the model agrees: no send)
    const { email, password } = player();
    r.store.token = (await r.auth.login({ login: email, password })).access_token ?? null;
  }
  toString = () => 'signIn';
}

class Call implements Command {
  check = (_m: Readonly<Model>) => true;
  async run(m: Model, r: Real) {
    if (!r.store.token) return;
    sentNow(m, r.store.token);
    await r.auth.getUserProfile();
  }
  toString = () => 'call';
}

class Refresh implements Command {
  check = (_m: Readonly<Model>) => true;
  async run(m: Model, r: Real) {
    if (!r.store.token) return;
    sentNow(m, r.store.token);
    r.store.token = (await r.auth.refreshToken()).access_token;
  }
  toString = () => 'refresh';
}

/** Another tab of the login refreshed: the shared store now holds its token (nothing sent yet). */
class Adopt implements Command {
  check = (_m: Readonly<Model>) => true;
  async run(_m: Model, r: Real) {
    if (r.store.token) r.store.token = ctx.server.issueToken(player().id);
  }
  toString = () => 'adopt';
}

class SignOut implements Command {
  check = (_m: Readonly<Model>) => true;
  async run(m: Model, r: Real) {
    const token = r.store.token;
    if (!token) return;
    r.store.token = null;
    sentNow(m, token);
    await r.auth.logout({ accessToken: token });
  }
  toString = () => 'signOut';
}

type Kind = 'ok' | 'json error' | 'text error';
const FORMS: Record<string, (t: string) => string> = {
  plain: (t) => `token ${t} was revoked`,
  bearer: (t) => `Bearer ${t}`,
  cookie: (t) => `session=${encodeURIComponent(t)}; path=/`,
  json: (t) => JSON.stringify({ jwt: t }),
  entities: (t) => ENCODERS['decimal entities']!(t),
};

/** An answer to a call (with the current token, or none) echoing the `pick`th earlier token. */
class Echo implements Command {
  constructor(
    readonly pick: number,
    readonly kind: Kind,
    readonly form: string,
  ) {}
  check = (m: Readonly<Model>) => m.sent.length > 0;
  async run(m: Model, r: Real) {
    // The call goes with the current token (if any): it is sent before the answer comes.
    sentNow(m, r.store.token);
    const candidates = m.sent.slice(-HELD);
    const echoed = candidates[this.pick % candidates.length]!;
    const text = FORMS[this.form]!(echoed);
    ctx.server.faults.add({
      method: 'GET',
      path: '/auth/user-profile',
      times: 1,
      ...(this.kind === 'ok'
        ? { status: 200, body: { message: text, nested: { list: [text] } } }
        : this.kind === 'json error'
          ? { status: 500, body: { message: text, errors: { field: [text] } } }
          : { status: 502, body: `<html><body><p>${text}</p></body></html>` }),
    });
    const got = await r.http.get('/auth/user-profile?check_spa_again=1', { skipAuthRefresh: true }).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    expect('value' in got).toBe(this.kind === 'ok');
    expect(holding(got, echoed)).toEqual([]);
  }
  toString = () => `echo(${this.pick}, ${this.kind}, ${this.form})`;
}

const echo = fc
  .tuple(
    fc.nat(20),
    fc.constantFrom<Kind>('ok', 'json error', 'text error'),
    fc.constantFrom(...Object.keys(FORMS)),
  )
  .map(([pick, kind, form]) => new Echo(pick, kind, form));

// Echoes three times as often as each other command.
const commands = [
  fc.constant(new SignIn()),
  fc.constant(new Call()),
  fc.constant(new Refresh()),
  fc.constant(new Adopt()),
  fc.constant(new SignOut()),
  echo,
  echo,
  echo,
];

describe('earlier tokens echoed (model): any order of refreshes, adoptions, sign-outs and echoes', () => {
  it('no answer lets out any of the last 8 tokens the client sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 20 }), async (cmds) => {
        ctx.server.reset();
        const store: Real['store'] = { token: null };
        const http = createOfetchAdapter({
          baseURL: ctx.server.url,
          getAccessToken: () => store.token,
          retry: 0,
        });
        const real: Real = { store, http, auth: createAuthModule(http) };
        // Every run starts signed in, its token sent once.
        const model: Model = { sent: [] };
        await new SignIn().run(model, real);
        await new Call().run(model, real);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: 50 },
    );
  }, 180_000);
});
