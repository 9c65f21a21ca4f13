// The product view of a machine (issue 19 item 10): what a product reviewer follows, without the
// machine's housekeeping. Transitions that stay in their state (targetless, or back into the same
// state: refresh ticks, cross-tab syncs, profile updates) and those only the machine's own actors
// may send (guard `internal`) are left out; the technical view (every transition) stays one toggle
// away.

import type { MachineGraph, StateInfo, TransitionInfo } from './graph';

const housekeeping = (t: TransitionInfo, from: string | null): boolean =>
  t.target === null || t.target === from || t.guard === 'internal';

/** Per new box: the top-level states drawn inside it (docs/machines/descriptions.json `productGroups`). */
export type ProductGroups = Readonly<Record<string, readonly string[]>>;

/**
 * `graph` without its internal self-loops and internal-only transitions; with `groups`, top-level
 * states drawn inside a box of their own (the login's submitting, two-factor and registering
 * states inside `signingIn`, as the session draws them: issue 31.6), the first listed its initial.
 *
 * @example
 * productView(describeMachine(sessionMachine)).states.find((s) => s.path === 'signedIn')!.transitions; // no "(stays)"
 * productView(loginGraph, { signingIn: ['submitting', 'twoFactorRequired'] }); // 'signingIn.twoFactorRequired'
 */
export function productView(graph: MachineGraph, groups: ProductGroups = {}): MachineGraph {
  const keep = (s: StateInfo): StateInfo => ({
    ...s,
    transitions: s.transitions.filter((t) => !housekeeping(t, s.path)),
  });
  const filtered = {
    ...graph,
    states: graph.states.map(keep),
    anyState: (graph.anyState ?? []).filter((t) => !housekeeping(t, null)),
  };
  return Object.keys(groups).length === 0 ? filtered : grouped(filtered, groups);
}

function grouped(graph: MachineGraph, groups: ProductGroups): MachineGraph {
  const moved = new Map<string, string>();
  for (const [group, keys] of Object.entries(groups))
    for (const key of keys) moved.set(key, `${group}.${key}`);
  const rename = (path: string) => {
    const top = path.split('.')[0]!;
    const to = moved.get(top);
    return to ? to + path.slice(top.length) : path;
  };
  const renameTargets = (target: string | null) => target && target.split(',').map(rename).join(',');
  const retarget = (t: TransitionInfo): TransitionInfo => ({ ...t, target: renameTargets(t.target) });
  const states: StateInfo[] = [];
  for (const s of graph.states) {
    const top = s.path.split('.')[0]!;
    const group = Object.entries(groups).find(([, keys]) => keys.includes(top))?.[0];
    if (group && s.path === top && !states.some((x) => x.path === group)) {
      states.push({
        path: group,
        key: group,
        parent: null,
        type: 'compound',
        initial: false,
        invokes: [],
        emits: [],
        transitions: [],
      });
    }
    states.push({
      ...s,
      path: rename(s.path),
      parent: s.parent === null ? (group ?? null) : rename(s.parent),
      initial: s.parent === null && group ? groups[group]![0] === s.key : s.initial,
      transitions: s.transitions.map(retarget),
    });
  }
  // A group's members stay in definition order after their box (parents before children).
  const order = (s: StateInfo) => states.findIndex((x) => x.path === s.path.split('.')[0]);
  return {
    ...graph,
    initial: renameTargets(graph.initial) ?? graph.initial,
    states: states
      .map((s, i) => ({ s, i }))
      .sort((a, b) => order(a.s) - order(b.s) || a.i - b.i)
      .map(({ s }) => s),
    anyState: (graph.anyState ?? []).map(retarget),
  };
}

/** How many transitions the product view leaves out (said under the diagram). */
export function hiddenInProductView(graph: MachineGraph): number {
  const count = (g: MachineGraph) =>
    g.states.reduce((n, s) => n + s.transitions.length, (g.anyState ?? []).length);
  return count(graph) - count(productView(graph));
}
