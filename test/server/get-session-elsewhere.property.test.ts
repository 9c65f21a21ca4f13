// R30-4: `getSession(request)` of a page asked for from another site (`Sec-Fetch-Site` same-site or
// cross-site, whatever `Sec-Fetch-Mode` and `Sec-Fetch-Dest` say: a sibling's `<img>`, a hidden
// iframe, a link the player follows) reads the session but never keeps it alive: no refresh sent
// (a token due is not read with: the seed is `unavailable`), and no cookie that moves the idle
// clock (a line it sets carries the cookie's own `seenAt`). Generated sequences of waits, such
// reads and the app's own ones (which do move it), at two refresh points (the default 6 h, past the
// 2 h idle end, and 20 min, within it). An own read whose answer the browser lost (`lost`: its
// cookie not kept, a refresh it made sealed in the successor only) leaves a successor that a later
// read from elsewhere carries, with the older cookie's `seenAt` (PROBE32 P2: never now, never the
// successor's newer one). Over real sockets: the reference server behind
// `pam-client/server` (called in process, as the app's page route calls it).

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPamServer, type PamServer } from '../../src/server/index';
import { type ReferenceServer, startReferenceServer } from '../../src/testing/index';
import { openCookie, SECRETS } from './harness';

const clock = { now: Date.parse('2026-11-28T12:00:00Z') };
const MINUTE = 60_000;
const IDLE = 120 * MINUTE; // the default `cookie.idleMs`
const GRACE = 60_000; // the default `graceMs`
const PAGE = 'http://app.example/account';
const NAME = '__Host-pam-session';

let ref: ReferenceServer;
beforeAll(async () => {
  ref = await startReferenceServer({ now: () => clock.now });
});
afterAll(() => ref.close());

const pams = new Map<number, PamServer>();
const pamWith = (refreshAfterMs: number) => {
  let pam = pams.get(refreshAfterMs);
  if (!pam) {
    pam = createPamServer({ apiBaseURL: ref.url, secrets: SECRETS, now: () => clock.now, refreshAfterMs });
    pams.set(refreshAfterMs, pam);
  }
  return pam;
};

interface Sealed {
  seenAt: number;
  tokenAt: number;
  token: string;
}
const open = async (value: string) => (await openCookie(value)) as unknown as Sealed;

/** The cookie value a `Set-Cookie` list sets (null: cleared; undefined: none set). */
function setBy(lines: string[]): string | null | undefined {
  let out: string | null | undefined;
  for (const line of lines) {
    const [pair = ''] = line.split(';');
    if (!pair.startsWith(`${NAME}=`)) continue;
    const value = pair.slice(NAME.length + 1);
    out = /Max-Age=0(;|$)/.test(line) || value === '' ? null : value;
  }
  return out;
}

type Step =
  | { kind: 'wait'; minutes: number }
  | { kind: 'elsewhere'; site: string; mode?: string; dest?: string }
  | { kind: 'own'; site?: string; lost?: boolean };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 0, max: 50 }) }),
  fc.record(
    {
      kind: fc.constant('elsewhere' as const),
      site: fc.constantFrom('same-site', 'cross-site'),
      mode: fc.constantFrom('navigate', 'no-cors', 'cors', 'same-origin'),
      dest: fc.constantFrom('document', 'iframe', 'image', 'script', 'empty', 'style'),
    },
    { requiredKeys: ['kind', 'site'] },
  ),
  fc.record(
    { kind: fc.constant('own' as const), site: fc.constantFrom('same-origin', 'none'), lost: fc.boolean() },
    { requiredKeys: ['kind'] },
  ),
);

const refreshes = () => ref.requests.filter((r) => r.path.endsWith('/users/refresh-token')).length;

let dueSeen = 0;
let elsewhereSeen = 0;
let successorSeen = 0;

async function run(refreshAfterMin: number, steps: Step[]) {
  const pam = pamWith(refreshAfterMin * MINUTE);
  const login = (await pam.handle(
    new Request('http://app.example/pam/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ login: ref.seed.plain.email, password: ref.seed.plain.password }),
    }),
  ))!;
  expect(login.status).toBe(200);
  await login.text();
  let cookie = setBy(login.headers.getSetCookie()) ?? null;
  expect(cookie).not.toBeNull();
  // Each refresh's successor, by the token it replaced: within `graceMs` (60 s, the default) of
  // the refresh a call carrying the replaced token takes it up (`latestLocal`).
  const successors = new Map<string, Sealed>();
  for (const step of steps) {
    if (step.kind === 'wait') {
      clock.now += step.minutes * MINUTE;
      continue;
    }
    if (cookie === null) break; // signed out: nothing more to keep alive
    const headers: Record<string, string> = { cookie: `${NAME}=${cookie}` };
    if (step.site) headers['sec-fetch-site'] = step.site;
    if (step.kind === 'elsewhere') {
      if (step.mode) headers['sec-fetch-mode'] = step.mode;
      if (step.dest) headers['sec-fetch-dest'] = step.dest;
    }
    const before = await open(cookie);
    const sent = refreshes();
    const view = await pam.getSession(new Request(PAGE, { headers }));
    const set = setBy(view.headers.getSetCookie());
    if (typeof set === 'string') {
      const sealed = await open(set);
      if (sealed.token !== before.token) successors.set(before.token, sealed);
    }
    if (step.kind === 'own') {
      if (!step.lost && set !== undefined) cookie = set;
      continue;
    }
    if (set !== undefined) cookie = set;
    elsewhereSeen++;
    const label = JSON.stringify({ step, at: clock.now - before.seenAt });
    // No refresh from another site, ever.
    expect(refreshes(), label).toBe(sent);
    // A cookie it sets (a successor another call sealed, or none) keeps the idle end where it was.
    if (typeof set === 'string') {
      const carried = await open(set);
      expect(carried.seenAt, label).toBe(before.seenAt);
      if (carried.token !== before.token) successorSeen++;
    }
    // The token the call holds: the cookie's, or a successor still within its grace.
    let held: Sealed = before;
    for (let next = successors.get(held.token); next && clock.now < next.tokenAt + GRACE; ) {
      held = next;
      next = successors.get(held.token);
    }
    if (clock.now >= before.seenAt + IDLE) expect(view.initial.status, label).toBe('signedOut');
    else if (clock.now - held.tokenAt >= refreshAfterMin * MINUTE) {
      // The refresh it would have triggered: not sent, the token not read with.
      dueSeen++;
      expect(view.initial.status, label).toBe('unavailable');
      expect(view.player, label).toBeNull();
    } else expect(view.initial.status, label).toBe('signedIn');
  }
  // The idle end is where the app's own reads left it: there, the player is signed out.
  if (cookie === null) return;
  const { seenAt } = await open(cookie);
  clock.now = Math.max(clock.now, seenAt + IDLE);
  const last = await pam.getSession(
    new Request(PAGE, { headers: { cookie: `${NAME}=${cookie}`, 'sec-fetch-site': 'same-origin' } }),
  );
  expect(last.initial.status).toBe('signedOut');
}

describe('R30-4: getSession from another site never moves the idle end nor refreshes', () => {
  it('generated Sec-Fetch-* requests between waits and own reads', async () => {
    const stepsArb = fc.array(stepArb, { minLength: 1, maxLength: 14 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(360, 20), stepsArb, async (refreshAfterMin, steps) => {
        await run(refreshAfterMin, steps);
      }),
      {
        numRuns: 60,
        examples: [
          // A sibling's image every 15 min while the player is away: signed out at 2 h all the same.
          [
            360,
            Array.from({ length: 10 }, (): Step[] => [
              { kind: 'wait', minutes: 15 },
              { kind: 'elsewhere', site: 'same-site', mode: 'no-cors', dest: 'image' },
            ]).flat(),
          ],
          // The refresh it would trigger (due at 20 min): not sent, the seed unavailable.
          [
            20,
            [
              { kind: 'wait', minutes: 25 },
              { kind: 'elsewhere', site: 'cross-site', mode: 'navigate', dest: 'document' },
              { kind: 'own', site: 'same-origin' },
              { kind: 'wait', minutes: 21 },
              { kind: 'elsewhere', site: 'same-site', mode: 'navigate', dest: 'iframe' },
            ],
          ],
          // The app's own read refreshes (due at 20 min) and its answer is lost: a sibling's image
          // right after (within graceMs) carries the successor, with the older cookie's seenAt (P2).
          [
            20,
            [
              { kind: 'wait', minutes: 25 },
              { kind: 'own', site: 'same-origin', lost: true },
              { kind: 'elsewhere', site: 'same-site', mode: 'no-cors', dest: 'image' },
              { kind: 'wait', minutes: 90 },
              { kind: 'elsewhere', site: 'cross-site', mode: 'navigate', dest: 'document' },
            ],
          ],
        ],
      },
    );
    expect(elsewhereSeen).toBeGreaterThan(0);
    expect(dueSeen).toBeGreaterThan(0);
    expect(successorSeen).toBeGreaterThan(0);
  });
});
