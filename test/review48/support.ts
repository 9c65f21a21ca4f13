// Review 48 support: one browser profile (one cookie jar), a channel hub, and gates that hold an
// answer AFTER it reached the browser (its cookie stored) and before the page reads it.
import { afterEach } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { openCookie } from '../server/harness';
import { browserProfile } from '../server-session/support';
import { FakeChannelHub } from '../support/fake-channel';

export const clients: ServerSessionClientBase[] = [];
export function cleanup() {
  afterEach(() => {
    for (const c of clients.splice(0)) c.stop();
  });
}

export type Rule = {
  /** The path's end (`/auth/login`, `/auth/logout`, `/session`). */
  path: string;
  /** Held before it is sent (released by `release()`). */
  before?: boolean;
  /** Its head in (cookie stored, the fetch resolved), its body held until `releaseBody()`. */
  body?: boolean;
  /** The answer reached the jar, the page's fetch not resolved until `releaseAfter()`. */
  after?: boolean;
  /** The page is given a network failure instead of the answer (after it reached the jar, or unsent with `unsent`). */
  fail?: boolean;
  unsent?: boolean;
  /**
   * Sent with the cookie the jar holds now, it reaches the server only at `release()` (a request
   * slow on the wire: a logout and a login may be answered meanwhile); its answer reaches the jar
   * even if the page gives up on it meanwhile (its head in first).
   */
  transit?: boolean;
};

const once = () => {
  let done = () => {};
  const p = new Promise<void>((r) => {
    done = r;
  });
  return { p, done };
};

/** `send()` with the jar set to `jar` while its request is built (synchronously), then as it was. */
function withJar<T>(profile: ReturnType<typeof browserProfile>, jar: Map<string, string>, send: () => T): T {
  const now = new Map(profile.cookies);
  const set = (from: Map<string, string>) => {
    profile.cookies.clear();
    for (const [k, v] of from) profile.cookies.set(k, v);
  };
  set(jar);
  try {
    return send();
  } finally {
    set(now);
  }
}

/** A fetch over `profile` whose next call to a rule's path is held as the rule says. */
export function gated(profile: ReturnType<typeof browserProfile>) {
  type Entry = { rule: Rule; hit: boolean; g: Record<string, ReturnType<typeof once>> };
  const rules: Entry[] = [];
  const fetchG = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const r = rules.find((x) => !x.hit && url.split('?')[0]!.endsWith(x.rule.path));
    if (!r) return profile.fetch(input, init);
    r.hit = true;
    r.g.sent!.done();
    const sentWith = new Map(profile.cookies);
    if (r.rule.before || r.rule.transit) await r.g.before!.p;
    if (r.rule.fail && r.rule.unsent) throw new TypeError('fetch failed');
    // (On the wire, its head reaches the jar even when the page gave up on it meanwhile.)
    const res = await (r.rule.transit
      ? withJar(profile, sentWith, () => profile.fetch(input, { ...init, signal: null }))
      : profile.fetch(input, init));
    r.g.jar!.done();
    init?.signal?.throwIfAborted();
    if (r.rule.after) await r.g.after!.p;
    if (r.rule.fail) throw new TypeError('fetch failed');
    if (!r.rule.body) return res;
    const text = await res.text();
    const signal = init?.signal;
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          signal?.addEventListener(
            'abort',
            () => controller.error(signal.reason ?? new DOMException('aborted', 'AbortError')),
            { once: true },
          );
        },
        async pull(controller) {
          r.g.bodyWait!.done();
          await r.g.body!.p;
          try {
            controller.enqueue(new TextEncoder().encode(text));
            controller.close();
          } catch {}
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status: res.status, headers: res.headers });
  }) as typeof fetch;
  return {
    fetch: fetchG,
    hold(rule: Rule) {
      const g = {
        sent: once(),
        before: once(),
        jar: once(),
        after: once(),
        body: once(),
        bodyWait: once(),
      };
      rules.push({ rule, hit: false, g });
      return {
        /** The request reached the fetch (held there with `before`). */
        sent: g.sent.p,
        /** The answer is in the jar. */
        inJar: g.jar.p,
        /** The page reads the held body. */
        bodyWaits: g.bodyWait.p,
        release: () => g.before.done(),
        releaseAfter: () => g.after.done(),
        releaseBody: () => g.body.done(),
      };
    },
  };
}

export function browser(origin: string) {
  const hub = new FakeChannelHub();
  const profile = browserProfile(origin);
  /** A tab of this browser (`options`: the client's own, e.g. its request `timeout`). */
  const tab = (options: { timeout?: number } = {}) => {
    const g = gated(profile);
    const c = createServerSessionClient({
      ...options,
      fetch: g.fetch,
      environment: { channel: hub.channel() },
    });
    clients.push(c);
    return Object.assign(c, { gate: g });
  };
  const cookieLogin = async () => {
    const [value] = [...profile.cookies.values()];
    return value === undefined ? null : (await openCookie(value)).loginId;
  };
  return { hub, profile, tab, cookieLogin };
}

export const loginIdOf = (client: ServerSessionClientBase) =>
  (sessionActorOf(client).getSnapshot().context as unknown as { loginId: string | null }).loginId;
export const queuedOf = (client: ServerSessionClientBase) =>
  (sessionActorOf(client).getSnapshot().context as unknown as { queued: boolean }).queued;
export const stateOf = (client: ServerSessionClientBase) =>
  JSON.stringify(sessionActorOf(client).getSnapshot().value);

/** What the next load of the page shows (a new client on the same jar). */
export async function nextLoad(profile: ReturnType<typeof browserProfile>) {
  const reload = createServerSessionClient({ fetch: profile.fetch, environment: { channel: null } });
  clients.push(reload);
  const v = await reload.ready;
  return { status: v.status, loginId: loginIdOf(reload) };
}
