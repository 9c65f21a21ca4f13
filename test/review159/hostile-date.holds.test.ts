// Review 159 (1): a player past the daily time limit (1 minute) while the answers' `Date` headers
// turn hostile: missing, unparseable, in 2100, in 1970, a day behind — at most one liar in any 5
// consecutive answers (docs/time.md rule 5's premise; more: ./date-flapping.defect.test.ts). No
// view is ever free to bet. And a server that never sends a readable `Date`: play time not known,
// canBet false with playTimeUnknown, never timeLimitReached.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { H, S, useWorld } from '../support/world';

const world = useWorld({ tokenTtlSeconds: 24 * 3600 });
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});
type Mode = 'honest' | 'missing' | 'garbage' | 'future' | 'past' | 'dayBehind';
const LIARS: Mode[] = ['missing', 'garbage', 'future', 'past', 'dayBehind'];

/** `base` with each answer's `Date` as `mode()` says. */
const hostile =
  (base: typeof fetch, mode: () => Mode): typeof fetch =>
  async (input, init) => {
    const answer = await base(input, init);
    const m = mode();
    if (m === 'honest') return answer;
    const headers = new Headers(answer.headers);
    const date = Date.parse(headers.get('date') ?? '');
    if (m === 'missing') headers.delete('date');
    else if (m === 'garbage') headers.set('date', 'Tue, 99 Foo 20x5 25:61:61 GMT');
    else if (m === 'future') headers.set('date', new Date(Date.UTC(2100, 0, 1)).toUTCString());
    else if (m === 'past') headers.set('date', new Date(0).toUTCString());
    else headers.set('date', new Date(date - 24 * H).toUTCString());
    const body = answer.status === 204 || answer.status === 304 ? null : await answer.arrayBuffer();
    return new Response(body, { status: answer.status, statusText: answer.statusText, headers });
  };

function useStorage() {
  const m = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => m.set(k, String(v)),
    removeItem: (k: string) => m.delete(k),
  };
}

describe('review 159: hostile Date headers and a reached time limit', () => {
  it('never free to bet with at most one liar in five answers (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...LIARS), { minLength: 2, maxLength: 4 }),
        fc.boolean(),
        async (liars, deviceClock) => {
          world.closeAll();
          world.renew();
          useStorage();
          let mode: Mode = 'honest';
          const t = world.open({ tabId: 'tab-a', deviceClock, fetch: hostile(world.fetch, () => mode) });
          const seed = world.server.seed.timeLimit;
          t.client.login({ login: seed.email, password: seed.password });
          await world.advance(3 * S);
          await world.advance(70 * S, 500);
          expect(t.client.view.restrictions).toMatchObject({ canBet: false, timeLimitReached: true });
          const free: string[] = [];
          t.client.subscribe((v) => {
            if (v.restrictions?.canBet) free.push(`${mode} used ${v.playTime?.usedMs}`);
          });
          // Each liar followed by four honest answers.
          for (const liar of liars) {
            for (const m of [liar, 'honest', 'honest', 'honest', 'honest'] as Mode[]) {
              mode = m;
              await world.during(t.client.auth.getUserProfile().catch(() => null));
              mode = 'honest';
              await world.advance(5 * S, 500);
            }
          }
          expect(free).toEqual([]);
          expect(t.client.view.restrictions?.canBet).toBe(false);
        },
      ),
      { numRuns: 6 },
    );
  });

  it('no readable Date ever: play time not known, canBet false, playTimeUnknown', async () => {
    useStorage();
    const t = world.open({ tabId: 'tab-a', fetch: hostile(world.fetch, () => 'garbage') });
    const seed = world.server.seed.timeLimit;
    t.client.login({ login: seed.email, password: seed.password });
    await world.advance(3 * S);
    expect(t.state()).toBe('signedIn');
    const seen: boolean[] = [];
    t.client.subscribe((v) => seen.push(v.restrictions?.canBet === true));
    await world.advance(90 * S, 500);
    expect(t.client.view.playTime).toMatchObject({ known: false, reached: true, leftMs: 0 });
    expect(t.client.view.restrictions).toMatchObject({ canBet: false, playTimeUnknown: true });
    expect(t.client.view.restrictions?.timeLimitReached).toBeUndefined();
    expect(seen.filter(Boolean)).toEqual([]);
  });
});
