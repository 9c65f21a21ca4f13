// One panel per machine: its diagram, the live actor's current state, buttons for the events the
// current state handles, every transition, and the redacted context.

import { describeError } from 'pam-client';
import type { AnyActorRef, EventObject, MachineSnapshot } from 'xstate';
import { trusted } from '../machines/session/events';
import { ANY_STATE, activePaths, eventsIn, type MachineGraph } from '../tools/diagrams/graph';
import { transitionLabel } from '../tools/diagrams/mermaid';
import { type Diagram, drawMachine } from './draw';
import { show } from './show';

// biome-ignore lint/suspicious/noExplicitAny: any machine snapshot
type AnySnapshot = MachineSnapshot<any, any, any, any, any, any, any, any>;

export interface PanelSpec {
  graph: MachineGraph;
  /** Where the live actor comes from, for the reader. */
  live: string;
  /** The live actor, or undefined while it is not running. */
  actor(): AnyActorRef | undefined;
  /** Events a reviewer may send, with their payload; the others are the machine's own business. */
  events: Record<string, () => EventObject>;
  /** Shown while the actor is not running. */
  idleNote: string;
}

export interface Panel {
  element: HTMLElement;
  render(): void;
  redraw(): void;
  /** Marks a state (from a link or a click) and shows its description; null clears it. */
  select(path: string | null): void;
  /** Shows how the selected state is reproduced (visualizer/replay.ts); null clears it. */
  showReplay(element: HTMLElement | null): void;
  /** Called when the reader clicks a state box of this panel's diagram. */
  onSelect(listener: (path: string) => void): void;
  /** Resolves once the diagram is laid out. */
  ready: Promise<void>;
}

/** The page address of a machine and one of its states: `#machine=login&state=twoFactorRequired`. */
export function stateLink(machine: string, state: string | null): string {
  const params = new URLSearchParams({ machine });
  if (state) params.set('state', state);
  return `#${params.toString()}`;
}

const button = (text: string, testid: string) => {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.dataset.testid = testid;
  return b;
};

const valueText = (value: unknown): string => {
  const paths = activePaths(value);
  // Leaf paths only: `active.idle`, not `active` too.
  return paths.filter((p) => !paths.some((q) => q.startsWith(`${p}.`))).join(', ');
};

/**
 * Builds the panel of one machine. Test ids: `machine-<id>`, `current-<id>`, `event-<id>-<EVENT>`,
 * `state-<id>-<path>`, `context-<id>`, `transition-<id>-<n>`; `data-history` lists the states seen.
 *
 * @example
 * const panel = createPanel({ graph, live: 'sessionActorOf(client)', actor: () => sessionActorOf(client), events, idleNote: '' });
 */
export function createPanel(spec: PanelSpec, onSend: (machine: string, event: EventObject) => void): Panel {
  const id = spec.graph.id;
  const section = document.createElement('section');
  section.className = 'machine';
  section.dataset.testid = `machine-${id}`;
  section.dataset.history = '';

  const header = document.createElement('header');
  const title = document.createElement('h2');
  title.textContent = id;
  const current = document.createElement('span');
  current.className = 'current';
  current.dataset.testid = `current-${id}`;
  const live = document.createElement('small');
  live.textContent = `live: ${spec.live}`;
  const link = document.createElement('a');
  link.className = 'state-link';
  link.dataset.testid = `link-${id}`;
  link.textContent = 'link to this state';
  link.title = 'A link that opens this page on this machine and its current state';
  header.append(title, current, link, live);

  const diagram: Diagram = drawMachine(id, spec.graph);
  const selected = document.createElement('p');
  selected.className = 'selected';
  selected.dataset.testid = `selected-${id}`;
  const describe = (path: string) =>
    `${path}: ${spec.graph.states.find((s) => s.path === path)?.description ?? '(no description)'}`;

  const eventsBox = document.createElement('div');
  eventsBox.className = 'events';
  eventsBox.dataset.testid = `events-${id}`;
  const allEvents = [
    ...new Set(
      [...spec.graph.states.flatMap((s) => s.transitions), ...(spec.graph.anyState ?? [])]
        .filter((t) => t.kind === 'event')
        .map((t) => t.event),
    ),
  ];
  const buttons = new Map<string, HTMLButtonElement>();
  for (const event of allEvents) {
    const b = button(event, `event-${id}-${event}`);
    b.hidden = true;
    if (!spec.events[event]) {
      b.classList.add('internal');
      b.title = 'Sent by the machine itself or its parent, not by a user';
    }
    b.addEventListener('click', () => {
      const actor = spec.actor();
      const make = spec.events[event];
      if (!actor || !make) return;
      const payload = make();
      onSend(id, payload);
      // A developer tool drives the session's children directly, which an app cannot (the client
      // takes from outside only what the machines' own code built): the visualizer's sends are that.
      actor.send(trusted(payload));
    });
    buttons.set(event, b);
    eventsBox.append(b);
  }
  const noEvents = document.createElement('span');
  noEvents.className = 'muted';
  eventsBox.append(noEvents);

  const list = document.createElement('ol');
  list.className = 'transitions';
  const items: { source: string; li: HTMLLIElement }[] = [];
  // Every transition, machine-wide ones (from any state) last.
  const sources = [
    ...spec.graph.states.map((s) => ({ path: s.path, transitions: s.transitions })),
    { path: ANY_STATE, transitions: spec.graph.anyState ?? [] },
  ];
  for (const state of sources) {
    for (const t of state.transitions) {
      const li = document.createElement('li');
      li.dataset.testid = `transition-${id}-${items.length}`;
      li.textContent = `${state.path} → ${t.target ?? '(stays)'} · ${transitionLabel(t)}`;
      items.push({ source: state.path, li });
      list.append(li);
    }
  }
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = `Transitions (${items.length})`;
  details.append(summary, list);

  const context = document.createElement('pre');
  context.className = 'context';
  context.dataset.testid = `context-${id}`;
  // The error as the player reads it (describeError), above the raw context.
  const playerWords = document.createElement('p');
  playerWords.className = 'player-words';
  playerWords.dataset.testid = `player-words-${id}`;

  const replaySlot = document.createElement('div');
  replaySlot.className = 'replay-slot';

  section.append(header, diagram.element, selected, replaySlot, eventsBox, details, playerWords, context);

  const history: string[] = [];
  const render = () => {
    const actor = spec.actor();
    const snapshot = actor?.getSnapshot() as AnySnapshot | undefined;
    const running = snapshot !== undefined && snapshot.status === 'active';
    const paths = snapshot ? activePaths(snapshot.value) : [];
    const value = snapshot ? valueText(snapshot.value) : '';
    current.textContent = snapshot ? value + (running ? '' : ` (${snapshot.status})`) : 'not running';
    link.href = stateLink(id, snapshot ? value.split(', ')[0] || null : null);
    section.dataset.running = String(running);
    if (snapshot && history.at(-1) !== value) {
      history.push(value);
      section.dataset.history = history.join(' > ');
    }
    diagram.highlight(paths);
    const handled = running ? eventsIn(spec.graph, paths) : [];
    for (const [event, b] of buttons) {
      b.hidden = !handled.includes(event);
      const make = spec.events[event];
      b.disabled = !make || !snapshot?.can(make());
    }
    noEvents.textContent = running ? '' : spec.idleNote;
    for (const { source, li } of items) li.classList.toggle('enabled', paths.includes(source));
    context.textContent = snapshot ? show(snapshot.context) : '';
    const error = (snapshot?.context as { error?: unknown } | undefined)?.error;
    playerWords.hidden = error == null;
    playerWords.textContent =
      error == null
        ? ''
        : `The player reads: “${describeError(error, { status: value }).title}” / “${describeError(error, { locale: 'pt-BR', status: value }).title}”`;
  };

  const listeners: ((path: string) => void)[] = [];
  diagram.onSelect((path) => {
    for (const listener of listeners) listener(path);
  });
  return {
    element: section,
    render,
    redraw: diagram.redraw,
    select(path) {
      diagram.mark(path);
      section.dataset.selected = path ?? '';
      selected.textContent = path ? describe(path) : '';
    },
    showReplay(element) {
      replaySlot.replaceChildren(...(element ? [element] : []));
    },
    onSelect(listener) {
      listeners.push(listener);
    },
    ready: diagram.ready,
  };
}
