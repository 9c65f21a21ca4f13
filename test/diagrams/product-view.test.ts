// Issue 19 item 10: a product view without the internal self-loops; the technical view keeps them.

import { describe, expect, it } from 'vitest';
import { DIAGRAM_MACHINES, describedGraph } from '../../tools/diagrams/generate';
import { hiddenInProductView, productView } from '../../tools/diagrams/product-view';

describe('the product view', () => {
  it.each(DIAGRAM_MACHINES.map((d) => [d.machine.id, d] as const))(
    '%s: no transition stays in its state, and every state is still drawn',
    (_, doc) => {
      const graph = describedGraph(doc);
      const product = productView(graph);
      expect(product.states.map((s) => s.path)).toEqual(graph.states.map((s) => s.path));
      for (const s of product.states)
        for (const t of s.transitions) {
          expect(t.target, `${s.path} ${t.event}`).not.toBeNull();
          expect(t.target).not.toBe(s.path);
          expect(t.guard).not.toBe('internal');
        }
    },
  );

  it("hides the session's self-loops (signedIn's '(stays)' labels), and says how many", () => {
    const session = describedGraph(DIAGRAM_MACHINES.find((d) => d.machine.id === 'session')!);
    const signedIn = session.states.find((s) => s.path === 'signedIn')!;
    expect(signedIn.transitions.filter((t) => t.target === null).length).toBeGreaterThan(3);
    expect(hiddenInProductView(session)).toBeGreaterThan(3);
  });
});
