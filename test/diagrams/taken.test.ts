// Issue 19 item 12: a step's diagram highlights the transition just taken, not what can happen next.

import { describe, expect, it } from 'vitest';
import { DIAGRAM_MACHINES, describedGraph } from '../../tools/diagrams/generate';
import { layoutMachine } from '../../tools/diagrams/layout';
import { toSvg } from '../../tools/diagrams/svg';

const doc = (id: string) => DIAGRAM_MACHINES.find((d) => d.machine.id === id)!;
const liveEdges = (svg: string) =>
  [...svg.matchAll(/<g class="transition[^"]*" data-edge="([^"]+)"[^>]*>\n<path class="edge live"/g)].map(
    (m) => m[1]!.replace(/&gt;/g, '>'),
  );

describe('the step diagram', () => {
  it('marks the arrow from the previous state into the current one, and only it', async () => {
    const layout = await layoutMachine(describedGraph(doc('login')));
    const svg = toSvg(layout, { highlight: ['submitting'], taken: { from: ['idle'], to: ['submitting'] } });
    expect(liveEdges(svg)).toEqual(['idle>submitting']);
    expect(svg).toContain('class="transition taken" data-edge="idle&gt;submitting"');
  });

  it('marks a machine-wide arrow from the any-state box', async () => {
    const layout = await layoutMachine(describedGraph(doc('stepUp')));
    const svg = toSvg(layout, {
      highlight: ['cancelled'],
      taken: { from: ['passwordRequired'], to: ['cancelled'] },
    });
    expect(liveEdges(svg)).toEqual(['(any state)>cancelled']);
  });
});
