import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barred } from '../support/kept-first-view';
import { accept, LosingHub, shown, threeTabs } from '../support/lost-message';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { MIN, S, useWorld } from '../support/world';

// REVIEW-AE AE-3, generated: three tabs of one login; tab 1's pause or self-exclusion is accepted
// (its kept record written when the 200 arrives) at a generated time (so anywhere in the phase of
// each tab's 5-s clock look); each link from tab 1 to tabs 0 and 2 delivers, delays (up to 20 s) or
// loses everything tab 1 tells meanwhile (its `restricted` message and its profile read); another
// player's kept record may sit in the store, written at a generated time. After at most one look
// past the write (5 s, plus the read it starts), every signed-in tab of the player shows the
// restriction in force, `canBet: false`, and so at every later second checked; before the write,
// no tab shows another player's record (betting open, nothing in force). Profile reads stay few
// (one per tab per record told, not one per look). Real sockets; time simulated.

const world = useWorld();
useMemoryLocalStorage();
const PROFILE = '/auth/user-profile';

type Fate = { t: 'ok' } | { t: 'lost' } | { t: 'late'; ms: number };
const fate = fc.oneof(
  fc.constant<Fate>({ t: 'ok' }),
  fc.constant<Fate>({ t: 'lost' }),
  fc.integer({ min: 1, max: 20_000 }).map((ms): Fate => ({ t: 'late', ms })),
);

describe('AE-3: a kept pause or self-exclusion reaches every open tab of the player, messages lost or late', () => {
  it('in force in every signed-in tab within one clock look of its write; never another player\u2019s', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('pause', 'selfExclusion' as const),
        fc.tuple(fate, fate),
        // Before the accept: ms waited (the write's phase against each tab's look).
        fc.integer({ min: 0, max: 12_000 }),
        // Another player's kept record: none, or written this many ms before the accept.
        fc.option(fc.integer({ min: 0, max: 12_000 }), { nil: null }),
        // After the look: seconds checked.
        fc.integer({ min: 1, max: 120 }),
        async (kind, [to0, to2], wait, other, after) => {
          world.closeAll();
          world.renew();
          world.server.reset();
          // (A fresh `localStorage` per run: nothing kept from the run before.)
          const m = new Map<string, string>();
          (globalThis as { localStorage?: unknown }).localStorage = {
            getItem: (k: string) => m.get(k) ?? null,
            setItem: (k: string, v: string) => m.set(k, String(v)),
            removeItem: (k: string) => m.delete(k),
          };
          const hub = new LosingHub();
          world.hub = hub;
          const tabs = await threeTabs(world);
          const otherAt = other === null ? null : Math.max(0, wait - other);
          const reads = world.count('GET', PROFILE);
          for (let ms = 0; ms < wait; ms += 50) {
            if (otherAt !== null && ms >= otherAt && ms < otherAt + 50)
              globalThis.localStorage.setItem(
                `pam-client.restricted:${world.server.seed.plain.id + 1000}`,
                JSON.stringify({ kind: 'selfExclusion', at: world.now() }),
              );
            await world.advance(50);
          }
          if (otherAt !== null) await world.advance(5 * S + 100);
          // Another player's record: no tab shows it.
          for (const [tab, t] of tabs.entries())
            expect({ tab, ...shown(t) }).toMatchObject({
              tab,
              inForce: [],
              canBet: true,
              accountBlocked: false,
            });
          // Tab 1's links to tabs 0 and 2 held: what it tells meanwhile is delivered, late or lost.
          const fates = [to0, to2] as const;
          for (const to of [0, 2]) hub.holdLink(1, to);
          const key = `pam-client.restricted:${world.server.seed.plain.id}`;
          const answered = accept(world, tabs[1]!, kind);
          // The write: when the 200 arrives (the kept record appears).
          for (let i = 0; i < 10_000 && globalThis.localStorage.getItem(key) === null; i++)
            await world.advance(10);
          await answered;
          const written = world.now();
          expect(globalThis.localStorage.getItem(key)).not.toBeNull();
          const due = new Map<number, number>();
          for (const [j, f] of fates.entries()) {
            const to = j === 0 ? 0 : 2;
            if (f.t === 'ok') hub.deliverLink(1, to, Number.POSITIVE_INFINITY, true);
            else if (f.t === 'late') due.set(to, written + f.ms);
          }
          const lose = () => {
            for (const [j, f] of fates.entries())
              if (f.t === 'lost') {
                const to = j === 0 ? 0 : 2;
                hub.links.get(`1>${to}`)?.splice(0);
              }
          };
          const step = async (ms: number) => {
            for (let t = 0; t < ms; t += 50) {
              lose();
              for (const [to, at] of due)
                if (world.now() >= at) {
                  hub.deliverLink(1, to, Number.POSITIVE_INFINITY, true);
                  due.delete(to);
                }
              await world.advance(50);
            }
          };
          // At most one look past the write (5 s), and the read it starts.
          await step(5 * S + 500);
          const check = (where: string) => {
            for (const [tab, t] of tabs.entries()) {
              if (t.client.view.status !== 'signedIn') continue;
              expect({ where, tab, ...shown(t) }).toMatchObject({ where, tab, ...barred(kind) });
            }
          };
          check('one look after the write');
          for (let s = 0; s < after; s++) {
            await step(S);
            check(`${s + 1} s later`);
          }
          // Reads: the accepting tab's, and one per other tab told (by the look, the channel, or both),
          // a lagging one read again: a handful, never one per look.
          expect(world.count('GET', PROFILE) - reads).toBeLessThanOrEqual(8);
          for (const to of [0, 2]) {
            hub.deliverLink(1, to, Number.POSITIVE_INFINITY, true);
            hub.links.delete(`1>${to}`);
          }
        },
      ),
      { numRuns: 16 },
    );
  }, 600_000);
});
