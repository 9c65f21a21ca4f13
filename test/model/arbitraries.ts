// The generated command sequences of the model-based session test, and one run of a sequence on a
// fresh world (two tabs open at the start). Weighted by how much each command is worth: the
// ones that meet time and order (reads, clocks, the channel) come more often.

import fc from 'fast-check';
import {
  advance,
  answerDelay,
  apiDown,
  type Cmd,
  closeTab,
  dateSkew,
  forgeProfile,
  forgeSignedOut,
  hold,
  login,
  loginTogether,
  logout,
  MAX_TABS,
  type Model,
  openTab,
  outlier,
  profileFails,
  profileHangs,
  recheck,
  refreshNow,
  release,
  reload,
  revoke,
  sleepDevice,
  sleepTab,
  stepClock,
  stepUp,
  truth,
  wakeTab,
} from './commands';
import { DAY, H, MIN, S } from './truth';
import { ModelWorld, PLAYERS, type StoreKind } from './world';

/** Mostly the two tabs open at the start; the others once opened. */
const tabIx = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: MAX_TABS - 1 }) },
);
const player = fc.integer({ min: 0, max: PLAYERS.length - 1 });

const truthChange = fc.oneof(
  fc.boolean().map((on) => ({ kind: 'spa' as const, on })),
  fc.constantFrom(1, 7, 45).map((days) => ({ kind: 'pause' as const, days })),
  fc.constant({ kind: 'liftPause' as const }),
  fc.constantFrom(3, 6, -1).map((months) => ({ kind: 'exclusion' as const, months })),
  fc.constant({ kind: 'liftExclusion' as const }),
  fc
    .record({ amount: fc.constantFrom(50, 500), inMs: fc.constantFrom(10 * MIN, 2 * H, DAY) })
    .map((c) => ({ kind: 'depositChange' as const, ...c })),
  fc.constantFrom('spec' as const, 'php' as const).map((form) => ({ kind: 'form' as const, form })),
);

/** A field a PHP back end writes that reads as nothing valid (or its repair). */
const oddity = fc
  .constantFrom(null, 'pauseEndBeforeStart' as const, 'halfMonthExclusion' as const)
  .map((o) => ({ kind: 'oddity' as const, oddity: o }));

/** Every command's arbitrary by name, with its weight (fc.commands picks uniformly: a weight repeats it). */
export const COMMANDS: Record<string, [weight: number, fc.Arbitrary<Cmd>]> = {
  login: [3, fc.tuple(tabIx, player).map(([t, p]) => login(t, p))],
  loginHighId: [1, tabIx.map((t) => login(t, 0, true))],
  loginTogether: [
    1,
    fc.tuple(tabIx, tabIx, player, player).map(([a, b, pa, pb]) => loginTogether(a, b, pa, pb)),
  ],
  logout: [1, tabIx.map(logout)],
  recheck: [3, tabIx.map(recheck)],
  refreshNow: [2, tabIx.map(refreshNow)],
  truth: [3, fc.tuple(player, truthChange).map(([p, c]) => truth(p, c))],
  oddity: [1, fc.tuple(player, oddity).map(([p, c]) => truth(p, c))],
  advance: [2, fc.constantFrom(S, 20 * S, 2 * MIN, 15 * MIN, H, 7 * H).map(advance)],
  stepClock: [1, fc.constantFrom(-3 * H, -30 * MIN, 30 * MIN, 3 * H, 25 * H).map(stepClock)],
  sleepDevice: [1, fc.constantFrom(10 * MIN, 2 * H, 13 * H).map(sleepDevice)],
  sleepTab: [1, tabIx.map(sleepTab)],
  wakeTab: [1, tabIx.map(wakeTab)],
  openTab: [1, tabIx.map(openTab)],
  closeTab: [1, tabIx.map(closeTab)],
  reload: [1, tabIx.map(reload)],
  apiDown: [1, fc.boolean().map(apiDown)],
  profileFails: [1, fc.constantFrom(1, 3).map(profileFails)],
  profileHangs: [1, fc.constant(1).map(profileHangs)],
  answerDelay: [1, fc.constantFrom(0, 300, 1200).map(answerDelay)],
  dateSkew: [1, fc.constantFrom(-400, 0, 400).map(dateSkew)],
  outlier: [1, fc.constantFrom('any' as const, 'profile' as const).map(outlier)],
  revoke: [1, fc.constant(null).map(revoke)],
  hold: [2, fc.constant(null).map(hold)],
  release: [2, fc.constantFrom('inOrder' as const, 'reversed' as const, 'duplicated' as const).map(release)],
  stepUp: [1, fc.uniqueArray(tabIx, { minLength: 1, maxLength: 3 }).map(stepUp)],
  forgeSignedOut: [1, fc.constantFrom('top' as const, 2 ** 32).map(forgeSignedOut)],
  forgeProfile: [
    1,
    fc.tuple(tabIx, fc.constantFrom(0, H, 3650 * DAY)).map(([t, ahead]) => forgeProfile(t, ahead)),
  ],
};

/**
 * Sequences of commands, as fast-check generates and shrinks them (`without`: command names left
 * out, to look for a second kind of counterexample once one is known).
 */
export function sequences(maxCommands: number, without: readonly string[] = [], only?: readonly string[]) {
  const arbitraries = Object.entries(COMMANDS)
    .filter(([name]) => !without.includes(name) && (!only || only.includes(name)))
    .flatMap(([, [weight, arbitrary]]) => Array<fc.Arbitrary<Cmd>>(weight).fill(arbitrary));
  return fc.commands(arbitraries, { maxCommands, size: 'max' });
}

/** A sequence and the store its tabs keep the session in. */
export const runs = (maxCommands: number, without: readonly string[] = [], only?: readonly string[]) =>
  fc.tuple(sequences(maxCommands, without, only), fc.constantFrom<StoreKind>('shared', 'memory'));

/**
 * Runs `commands` on a fresh world with tabs 0 and 1 open (sessions kept in `store`), checking
 * every invariant after each;
 * stops the tabs and gives the real timers back, whatever happens.
 *
 * @example
 * await runSequence([login(0, 0), hold(), recheck(0), truth(0, { kind: 'spa', on: true })]);
 */
export async function runSequence(
  commands: Iterable<fc.AsyncCommand<Model, ModelWorld>>,
  store: StoreKind = 'shared',
): Promise<void> {
  const world = new ModelWorld(store);
  const model: Model = {
    open: [true, true, false, false],
    asleep: [false, false, false, false],
    holding: false,
  };
  try {
    world.openTab(0);
    world.openTab(1);
    await world.settle();
    await fc.asyncModelRun(() => ({ model, real: world }), commands);
  } finally {
    world.dispose();
  }
}
