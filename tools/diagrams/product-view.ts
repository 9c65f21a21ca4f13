// The product view of a machine (issue 19 item 10): what a product reviewer follows, without the
// machine's housekeeping. Transitions that stay in their state (targetless, or back into the same
// state: refresh ticks, cross-tab syncs, profile updates) and those only the machine's own actors
// may send (guard `internal`) are left out; the technical view (every transition) stays one toggle
// away.

import type { MachineGraph, StateInfo, TransitionInfo } from './graph';

const housekeeping = (t: TransitionInfo, from: string | null): boolean =>
  t.target === null || t.target === from || t.guard === 'internal';

/**
 * `graph` without its internal self-loops and internal-only transitions.
 *
 * @example
 * productView(describeMachine(sessionMachine)).states.find((s) => s.path === 'signedIn')!.transitions; // no "(stays)"
 */
export function productView(graph: MachineGraph): MachineGraph {
  const keep = (s: StateInfo): StateInfo => ({
    ...s,
    transitions: s.transitions.filter((t) => !housekeeping(t, s.path)),
  });
  return {
    ...graph,
    states: graph.states.map(keep),
    anyState: (graph.anyState ?? []).filter((t) => !housekeeping(t, null)),
  };
}

/** How many transitions the product view leaves out (said under the diagram). */
export function hiddenInProductView(graph: MachineGraph): number {
  const count = (g: MachineGraph) =>
    g.states.reduce((n, s) => n + s.transitions.length, (g.anyState ?? []).length);
  return count(graph) - count(productView(graph));
}
