// A machine's diagram laid out by ELK (elkjs, layered, orthogonal edges, edge labels placed by
// ELK, compound states as containers). Shared by `npm run diagrams` (the SVG files), the review
// book and the live visualizer, so all three draw the same picture. Text is measured with a fixed
// monospace advance (the SVG draws it in a monospace font), so Node and the browser agree.

import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import { ANY_STATE, type MachineGraph, type StateInfo, type TransitionInfo } from './graph';
import { transitionLabel } from './mermaid';

/** Font size (px) of every text in a diagram, and the monospace advance and line height at it. */
export const FONT_SIZE = 12;
export const CHAR_WIDTH = 7.4;
export const LINE_HEIGHT = 15;
const NAME_PAD_X = 14;
const HEADER = 24;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface StateBox extends Box {
  /**
   * `idle`, `active.idle`; initial markers are `<scope>.[*]` (`[*]` at the root); the box that
   * machine-wide transitions leave from is `(any state)`.
   */
  path: string;
  key: string;
  parent: string | null;
  kind: 'state' | 'initial' | 'any';
  type: StateInfo['type'];
  /** The second line (`initial · invokes login`), or ''. */
  badges: string;
  /** True for compound / parallel states drawn as containers. */
  container: boolean;
}

export interface LabelBox extends Box {
  lines: string[];
}

export interface EdgeLayout {
  id: string;
  source: string;
  /** Equal to `source` for a loop (targetless, re-entry, into a descendant). */
  target: string;
  /** The polyline, from the source's border to the target's border. */
  points: { x: number; y: number }[];
  label: LabelBox | null;
  /** The transitions this arrow stands for, in the machine's order. */
  transitions: TransitionInfo[];
}

export interface MachineLayout {
  id: string;
  width: number;
  height: number;
  /** Parents before their children. */
  states: StateBox[];
  edges: EdgeLayout[];
}

const isWithin = (path: string, ancestor: string) => path.startsWith(`${ancestor}.`);
const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH);
const initialId = (scope: string | null) => (scope === null ? '[*]' : `${scope}.[*]`);

/**
 * The name a container shows: a parallel state says its regions run side by side, each region is
 * named as one (issue 31.6).
 */
export function boxTitle(key: string, type: StateInfo['type'], parentType: StateInfo['type'] | null): string {
  if (parentType === 'parallel') return `region ${key}`;
  return type === 'parallel' ? `${key} (regions run side by side)` : key;
}

/** The second line of a state box. */
export function badgesOf(state: StateInfo): string {
  const marks: string[] = [];
  if (state.type === 'final') marks.push('final');
  for (const invoke of state.invokes) marks.push(`invokes ${invoke.machine ?? invoke.src}`);
  for (const emitted of state.emits ?? []) marks.push(`emits ${emitted}`);
  return marks.join(' · ');
}

interface EdgeDraft {
  source: string;
  target: string;
  transitions: TransitionInfo[];
  lines: string[];
}

/** A transition's words on its arrow (`from` is its source state; null for a machine-wide one). */
export type LabelOf = (t: TransitionInfo, from: string | null) => string;

/** The engineer's label: `EVENT [guard]` (`done x`, `error x` for an actor's outcome). */
const namesLabel: LabelOf = (t, from) =>
  transitionLabel(t, from ?? undefined).replace(/^(done|error): /, '$1 ');

/**
 * One arrow per (source, target); loops for targetless, re-entering and into-descendant
 * transitions. A label may hold several lines (`\n`).
 */
export function edgeDrafts(graph: MachineGraph, label: LabelOf = namesLabel): EdgeDraft[] {
  const drafts = new Map<string, EdgeDraft>();
  const add = (source: string, target: string, t: TransitionInfo | null, line: string) => {
    const key = `${source}>${target}`;
    const draft = drafts.get(key) ?? { source, target, transitions: [], lines: [] };
    if (t) draft.transitions.push(t);
    if (line && !draft.lines.includes(line)) draft.lines.push(line);
    drafts.set(key, draft);
  };
  for (const state of graph.states) {
    if (state.initial) add(initialId(state.parent), state.path, null, '');
  }
  for (const state of graph.states) {
    for (const t of state.transitions) {
      const loop = t.target === null || t.target === state.path || isWithin(t.target, state.path);
      const target = loop ? state.path : (t.target as string);
      add(state.path, target, t, label(t, state.path));
    }
  }
  for (const t of graph.anyState ?? []) {
    // A machine-wide transition into several targets (parallel regions) points at the first.
    const target = t.target === null ? ANY_STATE : (t.target.split(',')[0] as string);
    add(ANY_STATE, target, t, label(t, null));
  }
  return [...drafts.values()];
}

function stateNode(graph: MachineGraph, state: StateInfo): ElkNode {
  const badges = badgesOf(state);
  const container = state.type === 'compound' || state.type === 'parallel';
  const parentType = graph.states.find((p) => p.path === state.parent)?.type ?? null;
  const title = container ? boxTitle(state.key, state.type, parentType) : state.key;
  const width = Math.max(70, textWidth(title) + 2 * NAME_PAD_X, textWidth(badges) + 2 * NAME_PAD_X);
  if (!container) return { id: state.path, width, height: badges ? 44 : 30 };
  return {
    id: state.path,
    layoutOptions: {
      'elk.padding': `[top=${badges ? HEADER + 16 : HEADER + 6},left=14,bottom=14,right=14]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${width}, 60)`,
    },
    children: scopeNodes(graph, state.path),
  };
}

function scopeNodes(graph: MachineGraph, scope: string | null): ElkNode[] {
  const children = graph.states.filter((s) => s.parent === scope);
  const nodes: ElkNode[] = [];
  if (children.some((s) => s.initial)) nodes.push({ id: initialId(scope), width: 12, height: 12 });
  if (scope === null && (graph.anyState ?? []).length > 0)
    nodes.push({ id: ANY_STATE, width: textWidth(ANY_STATE) + 2 * NAME_PAD_X, height: 30 });
  for (const child of children) nodes.push(stateNode(graph, child));
  return nodes;
}

const LAYOUT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.padding': '[top=12,left=12,bottom=12,right=12]',
  'elk.spacing.nodeNode': '36',
  'elk.spacing.edgeNode': '18',
  'elk.spacing.edgeEdge': '12',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.labelLabel': '6',
  'elk.layered.spacing.nodeNodeBetweenLayers': '44',
  'elk.layered.spacing.edgeNodeBetweenLayers': '18',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '12',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  // States are listed in definition order (the initial first): arrows back to earlier states are
  // the ones turned upwards, so the flow reads from the top.
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.crossingMinimization.semiInteractive': 'false',
  'elk.layered.thoroughness': '20',
  'elk.randomSeed': '1',
  'elk.edgeLabels.placement': 'CENTER',
};

let elk: InstanceType<typeof ELK> | undefined;

/**
 * Lays `graph` out with ELK. Deterministic: the same graph gives the same numbers.
 *
 * @example
 * const layout = await layoutMachine(describeMachine(loginMachine));
 * layout.states.find((s) => s.path === 'idle'); // { x, y, width, height, … }
 */
export async function layoutMachine(
  graph: MachineGraph,
  /** The words on the arrows (default: the event and guard names; the review book's pt-BR edition gives its words). */
  label?: LabelOf,
): Promise<MachineLayout> {
  elk ??= new ELK();
  // A label of several lines per transition: each transition's first line marked `• ` when an
  // arrow stands for several, so the reader sees where one ends.
  const drafts = edgeDrafts(graph, label).map((d) => {
    const mark = d.lines.length > 1 && d.lines.some((l) => l.includes('\n'));
    return { ...d, lines: d.lines.flatMap((l) => (mark ? `• ${l}` : l).split('\n')) };
  });
  const edges: ElkExtendedEdge[] = drafts.map((d, i) => ({
    id: `e${i}`,
    sources: [d.source],
    targets: [d.target],
    labels:
      d.lines.length === 0
        ? []
        : [
            {
              id: `e${i}.label`,
              // On its arrow (the arrow runs into the label's box and out): no row of labels
              // between parallel lines leaves a reader guessing which line a label belongs to.
              layoutOptions: { 'elk.edgeLabels.inline': 'true' },
              text: d.lines.join('\n'),
              width: Math.max(...d.lines.map(textWidth)) + 6,
              height: d.lines.length * LINE_HEIGHT + 4,
            },
          ],
  }));
  const root: ElkNode = {
    id: 'root',
    layoutOptions: LAYOUT_OPTIONS,
    children: scopeNodes(graph, null),
    edges,
  };
  const laid = await elk.layout(root);

  const byPath = new Map(graph.states.map((s) => [s.path, s]));
  const states: StateBox[] = [];
  const walk = (nodes: ElkNode[] | undefined, parent: string | null) => {
    for (const node of nodes ?? []) {
      const info = byPath.get(node.id);
      const box = { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 };
      const any = node.id === ANY_STATE;
      states.push({
        ...box,
        path: node.id,
        key: info?.key ?? (any ? ANY_STATE : ''),
        parent,
        kind: info ? 'state' : any ? 'any' : 'initial',
        type: info?.type ?? 'atomic',
        badges: info ? badgesOf(info) : '',
        container: (node.children?.length ?? 0) > 0,
      });
      walk(node.children, node.id);
    }
  };
  walk(laid.children, null);

  const laidEdges = new Map((laid.edges ?? []).map((e) => [e.id, e as ElkExtendedEdge]));
  return {
    id: graph.id,
    width: Math.ceil(laid.width ?? 0),
    height: Math.ceil(laid.height ?? 0),
    states,
    edges: drafts.map((d, i) => {
      const e = laidEdges.get(`e${i}`);
      const points = (e?.sections ?? []).flatMap((s, k) => [
        ...(k === 0 ? [s.startPoint] : []),
        ...(s.bendPoints ?? []),
        s.endPoint,
      ]);
      const label = e?.labels?.[0] as ElkLabel | undefined;
      return {
        id: `${graph.id}:${d.source}>${d.target}`,
        source: d.source,
        target: d.target,
        points,
        label: label
          ? {
              x: label.x ?? 0,
              y: label.y ?? 0,
              width: label.width ?? 0,
              height: label.height ?? 0,
              lines: d.lines,
            }
          : null,
        transitions: d.transitions,
      };
    }),
  };
}

/** True when two boxes share some area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
