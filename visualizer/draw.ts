// Draws one machine with the layout `npm run diagrams` uses (ELK, tools/diagrams/layout.ts) and
// the same SVG (tools/diagrams/svg.ts); live highlighting toggles classes on that SVG.

import { descriptionsOf } from '../tools/diagrams/generate';
import type { MachineGraph } from '../tools/diagrams/graph';
import { layoutMachine } from '../tools/diagrams/layout';
import { toSvg } from '../tools/diagrams/svg';

export interface Diagram {
  element: HTMLElement;
  /** Highlights these state paths (and the arrows that leave them). */
  highlight(active: readonly string[]): void;
  /** Marks the state a link points at (`#machine=…&state=…`), or none. */
  mark(path: string | null): void;
  /** Called with a state's path when the reader clicks its box. */
  onSelect(listener: (path: string) => void): void;
  /** Kept for the panel's API: the SVG scales by itself. */
  redraw(): void;
  /** Resolves once ELK has laid the diagram out and it is on the page. */
  ready: Promise<void>;
}

/**
 * Builds the diagram of `graph` for machine `machineId`. Every state box has
 * `data-testid="state-<machineId>-<path>"` and `data-active` when highlighted.
 *
 * @example
 * const diagram = drawMachine('login', describeMachine(loginMachine));
 * panel.append(diagram.element);
 * diagram.highlight(['twoFactorRequired']);
 */
export function drawMachine(machineId: string, graph: MachineGraph): Diagram {
  const root = document.createElement('div');
  root.className = 'diagram';
  root.dataset.testid = `diagram-${machineId}`;
  let active: readonly string[] = [];
  let marked: string | null = null;
  const listeners: ((path: string) => void)[] = [];

  const apply = () => {
    const on = new Set<string>();
    for (const path of active) {
      const parts = path.split('.');
      for (let i = 1; i <= parts.length; i++) on.add(parts.slice(0, i).join('.'));
    }
    for (const box of root.querySelectorAll<SVGGElement>('g.state')) {
      const path = box.dataset.path ?? '';
      box.classList.toggle('active', on.has(path));
      box.dataset.active = String(on.has(path));
      box.classList.toggle('linked', path === marked);
    }
    // The selection is a ring drawn around the box, so the live highlight (the box's own fill and
    // stroke) stays visible under it.
    for (const ring of root.querySelectorAll('rect.selection-ring')) ring.remove();
    const box = marked
      ? [...root.querySelectorAll<SVGGElement>('g.state')].find((g) => g.dataset.path === marked)
      : undefined;
    const rect = box?.querySelector('rect.box');
    if (box && rect) {
      const ring = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      const at = (name: string) => Number(rect.getAttribute(name) ?? 0);
      ring.setAttribute('class', 'selection-ring');
      ring.setAttribute('x', String(at('x') - 5));
      ring.setAttribute('y', String(at('y') - 5));
      ring.setAttribute('width', String(at('width') + 10));
      ring.setAttribute('height', String(at('height') + 10));
      ring.setAttribute('rx', '8');
      box.parentElement?.insertBefore(ring, box);
    }
    for (const edge of root.querySelectorAll<SVGGElement>('g.transition')) {
      const live = on.has(edge.dataset.source ?? '');
      for (const part of edge.querySelectorAll('.edge, .tip, .label')) part.classList.toggle('live', live);
    }
  };

  const ready = layoutMachine(graph).then((layout) => {
    root.innerHTML = toSvg(layout, { descriptions: descriptionsOf(graph) });
    root.addEventListener('click', (event) => {
      const box = (event.target as Element).closest<SVGGElement>('g.state');
      if (box?.dataset.path) for (const listener of listeners) listener(box.dataset.path);
    });
    apply();
  });

  return {
    element: root,
    highlight(paths) {
      active = paths;
      apply();
    },
    mark(path) {
      marked = path;
      apply();
    },
    onSelect(listener) {
      listeners.push(listener);
    },
    redraw: apply,
    ready,
  };
}
