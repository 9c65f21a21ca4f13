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
  /** `fit`: the whole diagram in the panel's width; a number: that scale (1, the default), panned by dragging or scrolling. */
  zoom(level: 'fit' | number): void;
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

  // Zoom and pan (issue 31 item 7): at 1440 px the session's diagram did not fit its panel and
  // its right third was cut off. It opens at 1:1 (labels stay at their 11-12 px) in a box that
  // pans by dragging or scrolling; Fit shows it whole, + and − zoom.
  const tools = document.createElement('div');
  tools.className = 'zoom-tools';
  const view = document.createElement('div');
  view.className = 'diagram-view';
  root.append(tools, view);
  let level: 'fit' | number = 1;
  let naturalWidth = 0;
  const applyZoom = () => {
    const svg = view.querySelector('svg');
    if (!svg) return;
    svg.style.width = level === 'fit' ? '100%' : `${Math.round(naturalWidth * level)}px`;
    view.dataset.zoom = String(level);
  };
  const button = (label: string, name: string, title: string, next: () => 'fit' | number) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.title = title;
    b.dataset.testid = `zoom-${name}-${machineId}`;
    b.addEventListener('click', () => {
      level = next();
      applyZoom();
    });
    tools.append(b);
  };
  const current = () => (level === 'fit' ? (view.clientWidth || naturalWidth) / (naturalWidth || 1) : level);
  button('Fit', 'fit', 'The whole diagram in the panel', () => 'fit');
  button('−', 'out', 'Zoom out', () => Math.max(0.25, current() / 1.25));
  button('+', 'in', 'Zoom in (drag to pan)', () => Math.min(3, current() * 1.25));
  button('1:1', 'actual', 'Actual size (drag to pan)', () => 1);
  let drag: { x: number; y: number; left: number; top: number } | null = null;
  view.addEventListener('pointerdown', (event) => {
    if ((event.target as Element).closest('g.state') || level === 'fit') return;
    drag = { x: event.clientX, y: event.clientY, left: view.scrollLeft, top: view.scrollTop };
    view.classList.add('panning');
  });
  view.addEventListener('pointermove', (event) => {
    if (!drag) return;
    view.scrollLeft = drag.left - (event.clientX - drag.x);
    view.scrollTop = drag.top - (event.clientY - drag.y);
  });
  for (const end of ['pointerup', 'pointerleave'] as const)
    view.addEventListener(end, () => {
      drag = null;
      view.classList.remove('panning');
    });

  const ready = layoutMachine(graph).then((layout) => {
    naturalWidth = layout.width;
    view.innerHTML = toSvg(layout, { descriptions: descriptionsOf(graph) });
    applyZoom();
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
    zoom(next) {
      level = next;
      applyZoom();
    },
    ready,
  };
}
