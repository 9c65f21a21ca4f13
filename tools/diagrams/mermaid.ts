// A MachineGraph as a Mermaid `stateDiagram-v2` (what GitHub renders in a ```mermaid block).
//
// Mermaid's state lexer reads an edge label as `:` followed by anything but `:`, `;` or a
// newline, and a state id as anything but `:`, `-`, `{` or whitespace; labels and ids are kept
// inside those sets. Transitions are written in the block of the innermost composite state that
// holds both ends: a state named inside a composite block that is declared elsewhere would be
// moved into that block (mermaid-js/mermaid#2092, #5290).

import { ANY_STATE, type MachineGraph, type StateInfo, type TransitionInfo } from './graph';

/** A Mermaid state id for a state path (`active.idle` → `active_idle`; the any-state box → `any_state`). */
export const mermaidId = (path: string): string =>
  path === ANY_STATE ? 'any_state' : path.replace(/[^A-Za-z0-9_]/g, '_');

/** An edge label Mermaid's lexer accepts: no `:` or `;`, one line. */
export function mermaidLabel(text: string): string {
  return text
    .replace(/:\s*/g, ' ')
    .replace(/[;\n\r]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const parentOf = (path: string): string => {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : path.slice(0, dot);
};

const isWithin = (path: string, ancestor: string): boolean => path.startsWith(`${ancestor}.`);

/** The composite whose block holds a transition: '' is the root. */
function scopeOf(source: string, target: string): string {
  let scope = parentOf(source);
  while (scope !== '' && !isWithin(target, scope)) scope = parentOf(scope);
  return scope;
}

/** What a transition reads as on its arrow. */
export function transitionLabel(t: TransitionInfo, source?: string): string {
  let label = t.event;
  if (t.guard) label += ` [${t.guard}]`;
  if (t.target === null) label += ' (stays)';
  else if (t.reenter) label += ' (re-enter)';
  // A transition into one's own descendant is drawn as a loop that names where it goes.
  if (source && t.target !== null && isWithin(t.target, source))
    label += ` to ${t.target.slice(source.length + 1)}`;
  return label;
}

interface Edge {
  scope: string;
  line: string;
}

function edgesOf(state: StateInfo): Edge[] {
  const from = mermaidId(state.path);
  return state.transitions.map((t) => {
    const label = mermaidLabel(transitionLabel(t, state.path));
    // Targetless transitions and transitions into a descendant stay on the state: a loop.
    const target = t.target === null || isWithin(t.target, state.path) ? state.path : t.target;
    const scope = target === state.path ? parentOf(state.path) : scopeOf(state.path, target);
    return { scope, line: `${from} --> ${mermaidId(target)} : ${label}` };
  });
}

/**
 * The diagram's source, without the ``` fence.
 *
 * @example
 * toMermaid(describeMachine(loginMachine)).startsWith('stateDiagram-v2'); // true
 */
export function toMermaid(graph: MachineGraph): string {
  const edges = graph.states.flatMap(edgesOf);
  // Machine-wide transitions leave a pseudo-state declared at the root.
  for (const t of graph.anyState ?? []) {
    const target = t.target === null ? ANY_STATE : (t.target.split(',')[0] as string);
    edges.push({
      scope: '',
      line: `${mermaidId(ANY_STATE)} --> ${mermaidId(target)} : ${mermaidLabel(transitionLabel(t))}`,
    });
  }
  const lines = ['stateDiagram-v2'];
  if ((graph.anyState ?? []).length > 0) lines.push(`  state "any state" as ${mermaidId(ANY_STATE)}`);

  const block = (scope: string, depth: number) => {
    const pad = '  '.repeat(depth);
    const children = graph.states.filter((s) => (s.parent ?? '') === scope);
    for (const child of children.filter((s) => s.initial))
      lines.push(`${pad}[*] --> ${mermaidId(child.path)}`);
    for (const child of children) {
      const id = mermaidId(child.path);
      const named = id === child.key ? id : `"${child.key}" as ${id}`;
      if (child.type === 'compound' || child.type === 'parallel') {
        lines.push(`${pad}state ${named} {`);
        block(child.path, depth + 1);
        lines.push(`${pad}}`);
      } else {
        lines.push(`${pad}state ${named}`);
      }
    }
    for (const child of children.filter((s) => s.type === 'final')) {
      lines.push(`${pad}${mermaidId(child.path)} --> [*]`);
    }
    for (const edge of edges.filter((e) => e.scope === scope)) lines.push(pad + edge.line);
  };
  block('', 1);
  return lines.join('\n');
}
