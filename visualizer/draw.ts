// Draws one machine: states as boxes in layers (breadth-first from the initial state, composite
// states holding their children the same way), transitions as SVG arrows between the boxes.

import type { MachineGraph, StateInfo, TransitionInfo } from '../tools/diagrams/graph';

const SVG = 'http://www.w3.org/2000/svg';

export interface Diagram {
  element: HTMLElement;
  /** Highlights these state paths (and the arrows that leave them). */
  highlight(active: readonly string[]): void;
  /** Recomputes the arrows from the boxes' positions (after layout changes). */
  redraw(): void;
}

interface Edge {
  source: string;
  target: string;
  labels: string[];
}

const isWithin = (path: string, ancestor: string) => path === ancestor || path.startsWith(`${ancestor}.`);

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Siblings in layers: breadth-first from the initial one over the transitions between them. */
function layersOf(graph: MachineGraph, children: StateInfo[]): StateInfo[][] {
  const siblingOf = (path: string) => children.find((c) => isWithin(path, c.path));
  const next = new Map<StateInfo, StateInfo[]>();
  for (const child of children) {
    const targets = graph.states
      .filter((s) => isWithin(s.path, child.path))
      .flatMap((s) => s.transitions)
      .map((t) => (t.target === null ? undefined : siblingOf(t.target)))
      .filter((s): s is StateInfo => s !== undefined && s !== child);
    next.set(child, targets);
  }
  const depth = new Map<StateInfo, number>();
  const start = children.find((c) => c.initial) ?? children[0];
  const queue = start ? [start] : [];
  if (start) depth.set(start, 0);
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const target of next.get(state) ?? []) {
      if (depth.has(target)) continue;
      depth.set(target, depth.get(state)! + 1);
      queue.push(target);
    }
  }
  const last = Math.max(-1, ...depth.values()) + 1;
  const layers: StateInfo[][] = [];
  for (const child of children) {
    const at = depth.get(child) ?? last;
    layers[at] = [...(layers[at] ?? []), child];
  }
  return layers.filter((layer) => layer.length > 0);
}

function badges(state: StateInfo): string {
  const marks: string[] = [];
  if (state.initial) marks.push('initial');
  if (state.type === 'final') marks.push('final');
  for (const invoke of state.invokes) marks.push(`invokes ${invoke.machine ?? invoke.src}`);
  return marks.join(' · ');
}

function edgesOf(graph: MachineGraph): Edge[] {
  const edges = new Map<string, Edge>();
  for (const state of graph.states) {
    for (const t of state.transitions) {
      // Loops (no target, re-entry, into a descendant) are listed, not drawn.
      if (t.target === null || isWithin(t.target, state.path) || isWithin(state.path, t.target)) continue;
      const key = `${state.path}>${t.target}`;
      const edge = edges.get(key) ?? { source: state.path, target: t.target, labels: [] };
      const label = shortLabel(t);
      if (!edge.labels.includes(label)) edge.labels.push(label);
      edges.set(key, edge);
    }
  }
  return [...edges.values()];
}

const shortLabel = (t: TransitionInfo) => t.event.replace(/^(done|error): .*/, '$1');

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where the line from the box's centre towards (tx, ty) leaves the box. */
function exitPoint(b: Box, tx: number, ty: number): [number, number] {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const dx = tx - cx;
  const dy = ty - cy;
  if (dx === 0 && dy === 0) return [cx, cy];
  const scale = Math.min(Math.abs(b.w / 2 / (dx || 1e-9)), Math.abs(b.h / 2 / (dy || 1e-9)));
  return [cx + dx * scale, cy + dy * scale];
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
  const root = el('div', 'diagram');
  const boxes = new Map<string, HTMLElement>();

  const scope = (parent: string | null): HTMLElement => {
    const container = el('div', 'layers');
    const children = graph.states.filter((s) => s.parent === parent);
    for (const layer of layersOf(graph, children)) {
      const row = el('div', 'layer');
      for (const state of layer) {
        const box = el('div', `state state-${state.type}`);
        box.dataset.testid = `state-${machineId}-${state.path}`;
        box.dataset.path = state.path;
        box.dataset.active = 'false';
        box.title = state.description ?? state.path;
        const head = el('div', 'state-head');
        head.append(el('span', 'state-name', state.key));
        const marks = badges(state);
        if (marks) head.append(el('span', 'state-badges', marks));
        box.append(head);
        if (state.type === 'compound' || state.type === 'parallel') box.append(scope(state.path));
        boxes.set(state.path, box);
        row.append(box);
      }
      container.append(row);
    }
    return container;
  };
  root.append(scope(null));

  const svg = document.createElementNS(SVG, 'svg');
  svg.classList.add('edges');
  root.append(svg);
  const edges = edgesOf(graph);
  let active: readonly string[] = [];

  const redraw = () => {
    const origin = root.getBoundingClientRect();
    svg.setAttribute('width', String(root.scrollWidth));
    svg.setAttribute('height', String(root.scrollHeight));
    svg.replaceChildren();
    const defs = document.createElementNS(SVG, 'defs');
    for (const kind of ['idle', 'live']) {
      const marker = document.createElementNS(SVG, 'marker');
      marker.id = `arrow-${machineId}-${kind}`;
      for (const [k, v] of Object.entries({
        viewBox: '0 0 10 10',
        refX: '9',
        refY: '5',
        markerWidth: '7',
        markerHeight: '7',
        orient: 'auto-start-reverse',
      })) {
        marker.setAttribute(k, v);
      }
      const tip = document.createElementNS(SVG, 'path');
      tip.setAttribute('d', 'M 0 0 L 10 5 L 0 10 z');
      tip.setAttribute('class', `tip tip-${kind}`);
      marker.append(tip);
      defs.append(marker);
    }
    svg.append(defs);
    const boxOf = (path: string): Box | null => {
      const r = boxes.get(path)?.getBoundingClientRect();
      return r ? { x: r.left - origin.left, y: r.top - origin.top, w: r.width, h: r.height } : null;
    };
    for (const edge of edges) {
      const a = boxOf(edge.source);
      const b = boxOf(edge.target);
      if (!a || !b) continue;
      const [x1, y1] = exitPoint(a, b.x + b.w / 2, b.y + b.h / 2);
      const [x2, y2] = exitPoint(b, a.x + a.w / 2, a.y + a.h / 2);
      // Bend to the right of the direction of travel, so A→B and B→A do not overlap.
      const length = Math.hypot(x2 - x1, y2 - y1) || 1;
      const bend = Math.min(24, length / 4);
      const cx = (x1 + x2) / 2 - ((y2 - y1) / length) * bend;
      const cy = (y1 + y2) / 2 + ((x2 - x1) / length) * bend;
      const live = active.includes(edge.source);
      const path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', `M ${x1} ${y1} Q ${cx} ${cy} ${x2} ${y2}`);
      path.setAttribute('class', live ? 'edge live' : 'edge');
      path.setAttribute('marker-end', `url(#arrow-${machineId}-${live ? 'live' : 'idle'})`);
      path.dataset.edge = `${edge.source}>${edge.target}`;
      const title = document.createElementNS(SVG, 'title');
      title.textContent = `${edge.source} → ${edge.target}: ${edge.labels.join(', ')}`;
      path.append(title);
      const text = document.createElementNS(SVG, 'text');
      text.setAttribute('x', String(0.25 * x1 + 0.5 * cx + 0.25 * x2));
      text.setAttribute('y', String(0.25 * y1 + 0.5 * cy + 0.25 * y2));
      text.setAttribute('class', live ? 'edge-label live' : 'edge-label');
      text.textContent = edge.labels.join(', ');
      svg.append(path, text);
    }
  };

  return {
    element: root,
    highlight(paths) {
      active = paths;
      for (const [path, box] of boxes) {
        const on = paths.includes(path);
        box.dataset.active = String(on);
        box.classList.toggle('active', on);
      }
      redraw();
    },
    redraw,
  };
}
