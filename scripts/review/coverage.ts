// Coverage per state, on each machine's page and checked by the build: every state of the
// machine has a real picture (a step of a path where the app shows that state), a stand-in (the
// picture shows another screen: which, and why) or none (why). A state with no picture and no
// reason is a gap, and a gap fails the build.

import type { MachineGraph } from '../../tools/diagrams/graph';
import { type AppMachine, notInApp } from './app-driver';
import type { BookPath } from './paths';

export type Coverage =
  | { state: string; kind: 'real'; path: string; step: number }
  | { state: string; kind: 'stand-in'; path: string; step: number; why: string }
  | { state: string; kind: 'none'; why: string }
  | { state: string; kind: 'gap' };

const isWithin = (path: string, ancestor: string) => path === ancestor || path.startsWith(`${ancestor}.`);

/**
 * How each state of `graph` is pictured by `paths` in the app of `table`, in the graph's order.
 * A compound state is covered as its best-covered child is.
 *
 * @example
 * coverageOf(graph, paths, loginApp).filter((c) => c.kind === 'gap'); // [] or the build fails
 */
export function coverageOf(graph: MachineGraph, paths: readonly BookPath[], table: AppMachine): Coverage[] {
  const leafCoverage = (state: string): Coverage => {
    let standIn: Coverage | null = null;
    for (const path of paths) {
      for (let i = 0; i < path.steps.length; i++) {
        const step = path.steps[i]!;
        const leaf = step.leaves.find((l) => isWithin(l, state));
        if (!leaf) continue;
        const why = notInApp(table, step.name) ?? table.invisible?.[leaf];
        if (!why) return { state, kind: 'real', path: path.slug, step: i };
        standIn ??= { state, kind: 'stand-in', path: path.slug, step: i, why };
      }
    }
    if (standIn) return standIn;
    const why = table.unreached?.[state];
    return why ? { state, kind: 'none', why } : { state, kind: 'gap' };
  };
  return graph.states.map((s) => leafCoverage(s.path));
}

/**
 * The build's verdict: one line per state with neither a picture nor a reason.
 *
 * @example
 * coverageGaps('login', coverage); // ['login: state registering has no picture and no reason']
 */
export function coverageGaps(machine: string, coverage: readonly Coverage[]): string[] {
  return coverage
    .filter((c) => c.kind === 'gap')
    .map(
      (c) =>
        `${machine}: state ${c.state} has no picture and no reason (add a path, or say why in unreached)`,
    );
}
