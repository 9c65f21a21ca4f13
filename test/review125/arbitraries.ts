// Review 125: generated sequences of the liveness model, and one run on a fresh two-tab world.

import fc from 'fast-check';
import {
  advance,
  cancel,
  checkLiveness,
  code,
  fault,
  finish,
  type LiveCmd,
  login,
  logout,
  type Model,
  offline,
  quiesce,
  reopen,
  settleAll,
  sleepWake,
  stepClock,
  stop,
  userCall,
} from './commands';
import { H, LiveWorld, MIN, REFRESH, S } from './world';

const t = fc.integer({ min: 0, max: 1 });

export const COMMANDS: Record<string, [number, fc.Arbitrary<LiveCmd>]> = {
  login: [
    4,
    fc
      .tuple(
        t,
        fc.constantFrom('plain' as const, 'twoFactor' as const),
        fc.constantFrom('email' as const, 'cpf' as const),
        fc.boolean(),
      )
      .map(([i, who, via, right]) => login(i, who, via, right)),
  ],
  code: [2, fc.tuple(t, fc.boolean()).map(([i, r]) => code(i, r))],
  cancel: [1, t.map(cancel)],
  logout: [2, t.map(logout)],
  userCall: [2, t.map(userCall)],
  fault: [
    3,
    fc
      .constantFrom(
        'late' as const,
        'slow' as const,
        '5xx' as const,
        '401' as const,
        'drop' as const,
        'hang' as const,
      )
      .map(fault),
  ],
  advance: [3, fc.constantFrom(S, 20 * S, 2 * MIN, H, 6 * H).map(advance)],
  sleepWake: [1, fc.constantFrom(10 * MIN, 7 * H, 9 * H).map(sleepWake)],
  stepClock: [1, fc.constantFrom(-3 * H, 30 * MIN, 25 * H).map(stepClock)],
  offline: [1, fc.boolean().map(offline)],
  stop: [1, t.map(stop)],
  reopen: [1, t.map(reopen)],
  quiesce: [2, fc.constant(null).map(quiesce)],
};

export function sequences(maxCommands: number, without: readonly string[] = []) {
  const arbs = Object.entries(COMMANDS)
    .filter(([name]) => !without.includes(name))
    .flatMap(([, [weight, arb]]) => Array<fc.Arbitrary<LiveCmd>>(weight).fill(arb));
  return fc.commands(arbs, { maxCommands, size: 'max' });
}

/** Runs `commands` on a fresh world (tabs 0 and 1 open), then a final quiesce and `finish`. */
export async function runLive(commands: Iterable<fc.AsyncCommand<Model, LiveWorld>>): Promise<void> {
  const world = new LiveWorld();
  const model: Model = { stopped: [false, false] };
  try {
    world.open(0);
    world.open(1);
    await world.settle();
    await fc.asyncModelRun(() => ({ model, real: world }), commands);
    world.setOffline(false);
    await settleAll(world);
    checkLiveness(world);
    await finish(world);
  } finally {
    world.dispose();
  }
}

/** Refreshes sent within two minutes of a login made right after a +25 h wall-clock step, with `tabs` tabs open. */
export async function refreshesAfterLogin(tabs: number): Promise<number> {
  const w = new LiveWorld();
  try {
    const m = { stopped: [false, false] };
    for (let i = 0; i < tabs; i++) w.open(i);
    await w.settle();
    await stepClock(25 * H).run(m, w);
    await login(0, 'plain', 'email', true).run(m, w);
    await settleAll(w);
    return w.sent.filter((s) => s.path === REFRESH).length;
  } finally {
    w.dispose();
  }
}
