// Review 143: a NEW token store object at each mount, holding the same tokens (the app makes its
// store in the component). What is kept per store is lost then, as documented (the accepted
// records, the play clock, the step-up count); checked that it fails CLOSED: no client is free to
// bet before its own profile read answered, and once barred by the server, a read that did not
// lag bars it (a lagging one may not: the client cannot know, documented).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world';
import { commands } from './commands';
import { Run } from './harness';

const world = useWorld();

describe('review 143: a new store object per mount, the same tokens', () => {
  it('property: never free to bet before its own read; a read that did not lag bars', {
    timeout: 300_000,
  }, async () => {
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined();
    await fc.assert(
      fc.asyncProperty(commands(), async (cmds) => {
        world.closeAll();
        world.renew();
        world.server.reset();
        const run = new Run(world, { freshStore: true });
        try {
          await run.start();
          for (const c of cmds) await run.exec(c);
          run.verdict();
        } finally {
          run.dispose();
        }
      }),
      {
        numRuns: Number(process.env.REV143_RUNS ?? 30),
        seed: Number(process.env.REV143_SEED ?? 143),
        examples: [
          [
            [
              { k: 'accept', kind: 'pause' },
              { k: 'remount' },
              { k: 'lag', on: true },
              { k: 'remount' },
              { k: 'play', s: 5 },
            ],
          ],
          [
            [
              { k: 'lag', on: true },
              { k: 'accept', kind: 'selfExclusion' },
              { k: 'remount' },
              { k: 'lag', on: false },
              { k: 'refresh', held: false },
            ],
          ],
        ],
      },
    );
  });
});
