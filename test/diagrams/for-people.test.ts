// Issue 31 item 6: diagrams a non-engineer reads. Each arrow's label sits beside its own arrow
// (not in a row between parallel lines), parallel regions are drawn as regions, and the login's
// product view draws the two-factor path inside one `signingIn` box.

import { describe, expect, it } from 'vitest';
import { DIAGRAM_MACHINES, describedGraph } from '../../tools/diagrams/generate';
import { type LabelBox, layoutMachine } from '../../tools/diagrams/layout';
import { productView } from '../../tools/diagrams/product-view';
import { toSvg } from '../../tools/diagrams/svg';

const doc = (id: string) => DIAGRAM_MACHINES.find((d) => d.machine.id === id)!;

/** The distance from a label box to the nearest point of a polyline. */
function distance(label: LabelBox, points: readonly { x: number; y: number }[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    // Sample the segment: enough for orthogonal routes.
    for (let k = 0; k <= 20; k++) {
      const x = a.x + ((b.x - a.x) * k) / 20;
      const y = a.y + ((b.y - a.y) * k) / 20;
      const dx = Math.max(label.x - x, 0, x - (label.x + label.width));
      const dy = Math.max(label.y - y, 0, y - (label.y + label.height));
      best = Math.min(best, Math.hypot(dx, dy));
    }
  }
  return best;
}

describe('diagrams for people', () => {
  it.each(['session', 'login', 'playTime'])(
    '%s: every label sits beside its own arrow (within 10 px), nearer to it than to any other',
    async (id) => {
      const layout = await layoutMachine(describedGraph(doc(id)));
      const routed = layout.edges.filter((e) => e.points.length > 1);
      const astray = routed
        .filter((e) => e.label)
        .flatMap((e) => {
          const own = distance(e.label!, e.points);
          const nearer = routed.filter((o) => o !== e && distance(e.label!, o.points) <= own);
          return own > 10 || nearer.length > 0
            ? [`${e.id}: ${Math.round(own)} px from its arrow, as near ${nearer.map((o) => o.id).join(', ')}`]
            : [];
        });
      expect(astray).toEqual([]);
    },
    60_000,
  );

  it("draws a parallel state's children as regions", async () => {
    const svg = toSvg(await layoutMachine(describedGraph(doc('playTime'))));
    expect(svg).toMatch(/class="state container region[^"]*" data-path="on.clock"/);
    expect(svg).toMatch(/class="state container region[^"]*" data-path="on.level"/);
    expect(svg).not.toMatch(/class="state container region[^"]*" data-path="on"/);
  });

  it("login's product view draws the two-factor path inside signingIn", () => {
    const graph = productView(describedGraph(doc('login')), doc('login').productGroups);
    const signingIn = graph.states.find((s) => s.path === 'signingIn');
    expect(signingIn?.type).toBe('compound');
    const inside = graph.states.filter((s) => s.parent === 'signingIn').map((s) => s.key);
    expect(inside).toEqual(expect.arrayContaining(['submitting', 'twoFactorRequired', 'verifyingTwoFactor']));
    const targets = graph.states.flatMap((s) => s.transitions.map((t) => t.target));
    expect(targets).not.toContain('twoFactorRequired');
    expect(targets).toContain('signingIn.twoFactorRequired');
  });
});
