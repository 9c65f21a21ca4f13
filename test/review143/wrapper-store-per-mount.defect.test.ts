// Review 143: what a client keeps beside the token store (review 135) is keyed by the store
// OBJECT. An app without localStorage (React Native) that makes its token store where it makes the
// client, a thin wrapper over the device's storage (`{ get: () => AsyncStorage.getItem(...) }`,
// made anew at each mount over the SAME persisted tokens), loses all of it at every remount: the
// play-time count of a time limit starts at 0 (a player past the limit is free to bet), a pause
// accepted a moment ago read back by a lagging replica shows the player free, and the wrong step-up
// passwords are counted again from 0. Nothing in README/docs says the store object's identity
// matters. Fail open; the facts are the player's (the server bars the player, not a store).
// Left open (sixty-first pass, a decision): what is kept per token store in memory is keyed by the
// store OBJECT the app passes; keying it by API and player instead would carry one test's (or
// one page's) records into every later client of the same API in the process. docs/session.md says:
// create the token store once (module scope). `it.fails` until a key that is both is found.
import type { StoredSession, TokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world';
import { type Cmd, Run } from './harness';

const world = useWorld();

/** The device's storage (AsyncStorage, SecureStore): one per device. */
const device = new Map<string, string>();
/** The app's store: a new wrapper object at each mount, over the same device storage. */
const wrapper = (): TokenStore => ({
  get: async () => JSON.parse(device.get('session') ?? 'null') as StoredSession | null,
  set: async (s) => void device.set('session', JSON.stringify(s)),
  clear: async () => void device.delete('session'),
});

const runOf = async (cmds: Cmd[]) => {
  device.clear();
  const run = new Run(world, { storeOf: wrapper });
  try {
    await run.start();
    for (const c of cmds) await run.exec(c);
    return run.model.violations.map((v) => v.replace(/ \[after .*/, ''));
  } finally {
    run.dispose();
  }
};

describe('review 143: a store wrapper made anew at each mount (the same persisted tokens)', () => {
  it.fails('a player past the time limit, remounted: still barred, the play time not back to 0', async () => {
    const v = await runOf([
      { k: 'play', s: 25 },
      { k: 'play', s: 25 },
      { k: 'play', s: 14 },
      { k: 'remount' },
    ]);
    expect(v).toEqual([]);
  });
  it.fails('a pause accepted, then a lagging read in the remounted client: still barred', async () => {
    const v = await runOf([
      { k: 'accept', kind: 'pause' },
      { k: 'lag', on: true },
      { k: 'remount' },
      { k: 'play', s: 5 },
    ]);
    expect(v).toEqual([]);
  });
  it.fails('three wrong step-up passwords, remounted: locked, nothing sent', async () => {
    const W: Cmd = { k: 'wrong' };
    const v = await runOf([W, { k: 'remount' }, W, { k: 'remount' }, W, { k: 'remount' }, W]);
    expect(v).toEqual([]);
  });
});
