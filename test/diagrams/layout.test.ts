// The ELK layout of every machine: read the computed boxes and fail when a reviewer could not
// read the picture (two state boxes on top of each other, two arrow labels on top of each other,
// a label on a state box, a child outside its container, an arrow without a route).

import { describe, expect, it } from 'vitest';
import { DIAGRAM_MACHINES, describedGraph } from '../../tools/diagrams/generate';
import { type Box, layoutMachine, type MachineLayout, overlaps } from '../../tools/diagrams/layout';
import { toSvg } from '../../tools/diagrams/svg';

const related = (a: string, b: string) => a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** Every problem a reviewer would see, as readable lines. */
function problems(layout: MachineLayout): string[] {
  const found: string[] = [];
  const states = layout.states;
  for (let i = 0; i < states.length; i++) {
    for (let j = i + 1; j < states.length; j++) {
      const a = states[i]!;
      const b = states[j]!;
      if (!related(a.path, b.path) && overlaps(a, b)) found.push(`states ${a.path} and ${b.path} overlap`);
    }
  }
  for (const s of states) {
    const parent = states.find((p) => p.path === s.parent);
    if (parent && !inside(s, parent)) found.push(`${s.path} is not inside ${parent.path}`);
  }
  const labelled = layout.edges.filter((e) => e.label !== null);
  for (let i = 0; i < labelled.length; i++) {
    for (let j = i + 1; j < labelled.length; j++) {
      if (overlaps(labelled[i]!.label!, labelled[j]!.label!))
        found.push(`labels of ${labelled[i]!.id} and ${labelled[j]!.id} overlap`);
    }
    for (const s of states) {
      if (!s.container && overlaps(labelled[i]!.label!, s))
        found.push(`label of ${labelled[i]!.id} covers ${s.path}`);
    }
  }
  for (const e of layout.edges) if (e.points.length < 2) found.push(`${e.id} has no route`);
  return found;
}

describe('layoutMachine (ELK)', async () => {
  const layouts = await Promise.all(DIAGRAM_MACHINES.map((m) => layoutMachine(describedGraph(m))));

  it.each(layouts.map((l) => [l.id, l] as const))('%s: no overlapping boxes or labels', (_, layout) => {
    expect(layout.states.length).toBeGreaterThan(3);
    expect(problems(layout)).toEqual([]);
  });

  it('puts the children of compound states inside them', () => {
    const report = layouts.find((l) => l.id === 'incomeReport')!;
    const polling = report.states.find((s) => s.path === 'polling')!;
    expect(polling.container).toBe(true);
    for (const child of ['polling.waiting', 'polling.fetching', 'polling.paused']) {
      expect(inside(report.states.find((s) => s.path === child)!, polling), child).toBe(true);
    }
    const refresh = layouts.find((l) => l.id === 'tokenRefresh')!;
    expect(refresh.states.find((s) => s.path === 'active')?.container).toBe(true);
  });

  it('draws self-loops and writes guards on the labels', () => {
    const refresh = layouts.find((l) => l.id === 'tokenRefresh')!;
    const loop = refresh.edges.find((e) => e.source === 'active.idle' && e.target === 'active.idle');
    expect(loop?.points.length).toBeGreaterThan(2);
    expect(loop?.label?.lines).toContain('TICK (re-enter)');
    const due = refresh.edges.find((e) => e.source === 'active.idle' && e.target === 'active.refreshing');
    expect(due?.label?.lines).toContain('TICK [isDue]');
    // A transition into one's own descendant is a loop that names where it goes.
    const saved = refresh.edges.find((e) => e.source === 'active' && e.target === 'active');
    expect(saved?.label?.lines).toContain('TOKEN_SAVED (re-enter) to idle');
  });

  it('catches an overlap when there is one (the check can fail)', () => {
    const layout = layouts[0]!;
    const [a, b] = layout.states.filter((s) => s.kind === 'state' && s.parent === null);
    const broken = {
      ...layout,
      states: layout.states.map((s) => (s === b ? { ...s, x: a!.x, y: a!.y } : s)),
    };
    expect(problems(broken)).toContain(`states ${a!.path} and ${b!.path} overlap`);
  });

  it('is deterministic and highlights the current state with its ancestors in the SVG', async () => {
    const graph = describedGraph(DIAGRAM_MACHINES.find((m) => m.machine.id === 'tokenRefresh')!);
    const again = await layoutMachine(graph);
    expect(JSON.stringify(again)).toBe(JSON.stringify(layouts.find((l) => l.id === 'tokenRefresh')));
    const svg = toSvg(again, { highlight: ['active.idle'] });
    expect(svg).toMatch(/class="state container active" data-path="active"/);
    expect(svg).toMatch(/class="state active" data-path="active.idle"/);
    expect(svg).toMatch(/class="state" data-path="signedOut"/);
  });
});
