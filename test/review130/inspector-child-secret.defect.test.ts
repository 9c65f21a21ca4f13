import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { funnelEvents, operatorPreset } from '../../machines/index';
import { openTab, S, useWorld } from '../support/world';
import { reach } from './reach';

// API.md, Secrets: `redactInspection` (which `createPamClient({ inspect })` always applies)
// replaces "every `Secret`, at any depth, with '[redacted]' before the observer sees them", and
// "an inspector never sees one". The actor a snapshot's `children` names is passed as the raw
// actor (only the event's own `actorRef`/`sourceRef` are views): its `getSnapshot()` is the login
// child's real context, whose `password` is the live `Secret` (kept for the code step), so any
// inspector can `reveal()` the player's password (and, while the code is verified, the code
// from the request child's input). Serialisers show '[redacted]' (toJSON), so this is LOW: the
// promise of "at any depth" holds only for plain data.

const world = useWorld({ reportStepMs: S });

describe('an inspector reaching the login child through a snapshot (review 130)', () => {
  it('finds no live Secret (the password kept for the code step)', async () => {
    const found: string[] = [];
    let revealed: string | null = null;
    const tab = openTab(world, {
      flows: funnelEvents(operatorPreset()),
      channel: false,
      inspect: (e: InspectionEvent) => {
        const r = reach(e, 5_000);
        found.push(...r.secrets);
        const child = (e as { snapshot?: { children?: Record<string, { getSnapshot(): unknown }> } }).snapshot
          ?.children?.login;
        const password = (child?.getSnapshot() as { context?: { password?: { reveal?(): string } } })?.context
          ?.password;
        if (typeof password?.reveal === 'function') revealed = password.reveal();
      },
    });
    world.tabs.push(tab);
    const { email, password } = world.server.seed.twoFactor;
    await world.settle();
    tab.client.login({ login: email, password });
    for (let i = 0; i < 100 && tab.client.view.status !== 'twoFactorRequired'; i++)
      await world.advance(50, 50);
    expect(tab.client.view.status).toBe('twoFactorRequired');
    expect(revealed).toBeNull();
    expect(found).toEqual([]);
  });
});
