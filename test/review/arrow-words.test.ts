// Issue 31.6: diagrams a non-engineer reads. Each label sits on its own arrow (ELK's inline edge
// labels: the arrow runs into the label and out, so a row of labels between parallel lines no
// longer leaves the reader guessing), and in the pt-BR book the arrows say the transition in
// pt-BR words (the events' and guards' words of docs/machines/descriptions.json).

import { describe, expect, it } from 'vitest';
import { arrowWordsPtBR, wrapWords } from '../../scripts/review/arrow-words';
import { DIAGRAM_MACHINES, describedGraph } from '../../tools/diagrams/generate';
import { type EdgeLayout, layoutMachine } from '../../tools/diagrams/layout';

const doc = (id: string) => DIAGRAM_MACHINES.find((d) => d.machine.id === id)!;

/** Does some segment of the arrow pass through the label's box? */
function crosses(e: EdgeLayout): boolean {
  const l = e.label!;
  return e.points.slice(1).some((b, i) => {
    const a = e.points[i]!;
    const [x0, x1] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
    const [y0, y1] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
    return x0 <= l.x + l.width && x1 >= l.x && y0 <= l.y + l.height && y1 >= l.y;
  });
}

describe("the diagrams' arrow labels", () => {
  it.each(['login', 'session', 'incomeReport'])(
    '%s: every label sits on its own arrow, in both editions',
    async (id) => {
      const graph = describedGraph(doc(id));
      for (const layout of [
        await layoutMachine(graph),
        await layoutMachine(graph, arrowWordsPtBR(doc(id).words ?? {})),
      ]) {
        const off = layout.edges
          .filter((e) => e.label && e.points.length > 1 && e.source !== e.target)
          .filter((e) => !crosses(e))
          .map((e) => e.id);
        expect(off).toEqual([]);
      }
    },
    60_000,
  );

  it('says the transition in pt-BR words in the pt-BR edition', async () => {
    const layout = await layoutMachine(
      describedGraph(doc('login')),
      arrowWordsPtBR(doc('login').words ?? {}),
    );
    const text = (source: string, target: string) =>
      layout.edges.find((e) => e.source === source && e.target === target)?.label?.lines.join(' ') ?? '';
    expect(text('idle', 'submitting')).toContain('O jogador envia o e-mail (ou CPF)');
    expect(text('submitting', 'twoFactorRequired')).toMatch(
      /submitLogin respondeu, se o\s+servidor pede um código/,
    );
    expect(layout.edges.flatMap((e) => e.label?.lines ?? []).join(' ')).not.toMatch(/\[|SUBMIT\b/);
  });

  it('wraps long words into short lines, the next ones indented', () => {
    expect(wrapWords('O servidor pede um código de dois fatores ao jogador', 20)).toEqual([
      'O servidor pede um',
      '\u00a0\u00a0código de dois',
      '\u00a0\u00a0fatores ao jogador',
    ]);
  });
});
