// Issue 19 item 8: every transition of every machine's definition is drawn — machine-wide
// (root-level `on`) ones included — in the SVG layout, the Mermaid source, the transition table
// and the visualizer's event buttons. The definition is read straight from XState's StateNode API,
// independently of tools/diagrams/graph.ts.

import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { DIAGRAM_MACHINES, describedGraph, generateDiagramFiles } from '../../tools/diagrams/generate';
import { eventsIn } from '../../tools/diagrams/graph';
import { layoutMachine } from '../../tools/diagrams/layout';
import { toMermaid } from '../../tools/diagrams/mermaid';

interface Defined {
  from: string;
  eventType: string;
  targets: string[];
}

/** Every transition of the definition, from every state node and from the root. */
function definedTransitions(machine: AnyStateMachine): Defined[] {
  const out: Defined[] = [];
  const visit = (node: AnyStateNode) => {
    for (const [eventType, list] of node.transitions)
      for (const t of list)
        out.push({
          from: node.path.join('.'),
          eventType,
          targets: (t.target ?? []).map((n) => n.path.join('.')),
        });
    for (const t of node.always ?? [])
      out.push({
        from: node.path.join('.'),
        eventType: 'always',
        targets: (t.target ?? []).map((n) => n.path.join('.')),
      });
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return out;
}

const machines = DIAGRAM_MACHINES.map((d) => [d.machine.id, d] as const);

describe('every transition of the definition is drawn', () => {
  it('covers the seven machines', () => {
    expect(DIAGRAM_MACHINES.map((d) => d.machine.id)).toEqual(
      expect.arrayContaining([
        'session',
        'login',
        'tokenRefresh',
        'incomeReport',
        'registration',
        'stepUp',
        'playTime',
      ]),
    );
  });

  it.each(machines)('%s: the layout draws one arrow entry per defined transition', async (_, doc) => {
    const defined = definedTransitions(doc.machine);
    const layout = await layoutMachine(describedGraph(doc));
    const drawn = layout.edges.flatMap((e) => e.transitions.map(() => e));
    expect(drawn.length).toBe(defined.length);
    // The machine-wide ones leave the "any state" box, and reach their target.
    for (const t of defined.filter((d) => d.from === '' && d.targets.length > 0)) {
      expect(
        layout.edges.some((e) => e.source === '(any state)' && e.target === t.targets[0]),
        `${doc.machine.id}: ${t.eventType} -> ${t.targets[0]} from any state`,
      ).toBe(true);
    }
    for (const e of layout.edges) expect(e.points.length, `${e.id} has a route`).toBeGreaterThanOrEqual(2);
  });

  it.each(machines)('%s: Mermaid has one arrow per defined transition', (_, doc) => {
    const defined = definedTransitions(doc.machine);
    const arrows = toMermaid(describedGraph(doc))
      .split('\n')
      .filter((line) => / --> /.test(line) && / : /.test(line));
    expect(arrows.length).toBe(defined.length);
  });

  it.each(machines)('%s: the transition table has one row per defined transition', async (_, doc) => {
    const defined = definedTransitions(doc.machine);
    const md = (await generateDiagramFiles([doc]))[0]!.content;
    const table = md.slice(md.indexOf('## Transitions'), md.indexOf('## Events and guards'));
    const rows = table.split('\n').filter((l) => /^\| (`|\(any state\))/.test(l));
    expect(rows.length).toBe(defined.length);
  });

  it.each(machines)('%s: the visualizer offers the machine-wide events in every state', (_, doc) => {
    const graph = describedGraph(doc);
    const rootEvents = definedTransitions(doc.machine)
      // The wildcard ('*': whatever else comes, dropped) is no event anyone sends.
      .filter((d) => d.from === '' && !d.eventType.startsWith('xstate.') && d.eventType !== '*')
      .map((d) => d.eventType);
    for (const state of graph.states) {
      const active = state.path.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'));
      for (const event of rootEvents) expect(eventsIn(graph, active), `${state.path}`).toContain(event);
    }
  });
});

describe('the machine-wide transitions named in the issue', () => {
  const find = (id: string) => DIAGRAM_MACHINES.find((d) => d.machine.id === id)!;
  it.each([
    ['stepUp', 'CANCEL', 'cancelled'],
    ['playTime', 'LIMIT', 'off'],
  ])('%s: %s -> %s is drawn', async (id, event, target) => {
    const layout = await layoutMachine(describedGraph(find(id)));
    const edge = layout.edges.find((e) => e.source === '(any state)' && e.target === target);
    expect(edge?.transitions.map((t) => t.event)).toContain(event);
  });
});
