// The review book's paths, computed from the machine definitions with `xstate/graph`: the
// shortest path from the initial state to every reachable state, plus the named scenarios.
// Invoked actors do not run here: their answers are offered as events from each machine's
// answer table (review-machines.ts), so every outcome a guard can pick is explored.

import { type AnyStateMachine, type EventObject, initialTransition, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { activePaths } from '../../tools/diagrams/graph';

/** One possible answer of an invoked actor (or the server behind it). */
export interface Answer {
  /** Reviewer words: `asks for a code`, `401 wrong password`. */
  name: string;
  output?: unknown;
  error?: unknown;
  /** For an invoked machine: its snapshot moved (the parent reacts with `onSnapshot`). */
  snapshot?: unknown;
  /** Only offered in these states (paths): the answer follows a request sent there. */
  when?: string[];
  /**
   * Only in the named scenarios, never in the shortest paths: an answer that follows one command
   * and not another in the same state (the login child registering after REGISTER, not LOGIN).
   */
  scenarioOnly?: boolean;
}

/** A user (or parent) event the machine accepts, with its reviewer words. */
export interface UserEvent {
  name: string;
  event: EventObject & Record<string, unknown>;
  /** Only offered in these states (paths): where the app can send it. */
  when?: string[];
}

export interface ReviewMachine {
  id: string;
  title: string;
  machine: AnyStateMachine;
  input: unknown;
  userEvents: UserEvent[];
  /** Per invoked actor `src`: what it may answer. */
  answers: Record<string, Answer[]>;
  /** Named scenarios: lists of step names (user event names, `<src>: <answer name>`, `timer <delay>`). */
  scenarios: { name: string; steps: string[] }[];
}

/** An event of a path, with the name the book shows and the driver reads. */
export type NamedEvent = EventObject & {
  step: string;
  output?: unknown;
  error?: unknown;
  snapshot?: unknown;
};

export interface BookStep {
  /** Its reviewer words (`SUBMIT as twofactor@example.com`, `submitLogin: asks for a code`). */
  name: string;
  kind: 'user' | 'answer' | 'timer' | 'start';
  /** For answers: the invoked `src`; for timers: the delay's name. */
  source: string | null;
  /** The event's type and fields the book may print (no secrets: see review-machines.ts). */
  event: EventObject | null;
  /** Active state paths after the step, outermost first. */
  states: string[];
  /** Leaf state paths after the step: `active.idle`. */
  leaves: string[];
  /** The `src` of every actor the active states invoke after the step. */
  invokes: string[];
}

export interface BookPath {
  machine: string;
  /** `to-twoFactorRequired` or `scenario-2fa-success`. */
  slug: string;
  title: string;
  kind: 'shortest' | 'scenario';
  steps: BookStep[];
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// biome-ignore lint/suspicious/noExplicitAny: any machine snapshot
type AnySnapshot = any;

const leavesOf = (paths: string[]) => paths.filter((p) => !paths.some((q) => q.startsWith(`${p}.`)));

/** Every event a snapshot could take next: user events it accepts, answers of running invokes, its timers. */
export function offeredEvents(review: ReviewMachine, snapshot: AnySnapshot, scenario = false): NamedEvent[] {
  if (snapshot.status !== 'active') return [];
  const events: NamedEvent[] = [];
  const active = activePaths(snapshot.value);
  const allowed = (when?: string[]) => !when || when.some((w) => active.includes(w));
  const users: NamedEvent[] = [];
  for (const u of review.userEvents) {
    if (allowed(u.when) && snapshot.can(u.event)) users.push({ ...u.event, step: u.name });
  }
  const machine = review.machine;
  const seen = new Set<string>();
  for (const path of activePaths(snapshot.value)) {
    const node = machine.getStateNodeById(`${machine.id}.${path}`);
    node.invoke.forEach((invoke: { id: string; src: unknown }) => {
      const src = typeof invoke.src === 'string' ? invoke.src : String((invoke.src as { id?: string })?.id);
      for (const answer of review.answers[src] ?? []) {
        if (!allowed(answer.when) || (answer.scenarioOnly && !scenario)) continue;
        const step = `${src}: ${answer.name}`;
        if ('error' in answer)
          events.push({ type: `xstate.error.actor.${invoke.id}`, error: answer.error, step });
        else if ('snapshot' in answer)
          events.push({ type: `xstate.snapshot.${invoke.id}`, snapshot: answer.snapshot, step });
        else events.push({ type: `xstate.done.actor.${invoke.id}`, output: answer.output, step });
      }
    });
    for (const t of node.after as { eventType: string; delay: unknown }[]) {
      if (seen.has(t.eventType)) continue;
      seen.add(t.eventType);
      events.push({ type: t.eventType, step: `timer ${String(t.delay)}` });
    }
  }
  // Answers first: the shortest paths then prefer what the app does by itself (a restore ending)
  // over a user event that would have to race it. Each carries the review clock's reading (the
  // machines judge time on events, issue 32.3: a pure transition never runs the action that would
  // read it).
  const at = (review.input as { now?: () => number } | null)?.now?.() ?? 0;
  return [...events, ...users].map((e) => ({ at, ...e }));
}

function kindOf(step: string, review: ReviewMachine): BookStep['kind'] {
  if (step.startsWith('timer ')) return 'timer';
  return review.userEvents.some((u) => u.name === step) ? 'user' : 'answer';
}

function invokesOf(review: ReviewMachine, states: string[]): string[] {
  return states.flatMap((path) =>
    (review.machine.getStateNodeById(`${review.machine.id}.${path}`).invoke as { src: unknown }[]).map((i) =>
      typeof i.src === 'string' ? i.src : String((i.src as { id?: string })?.id),
    ),
  );
}

function toBookStep(review: ReviewMachine, event: NamedEvent | null, snapshot: AnySnapshot): BookStep {
  const states = activePaths(snapshot.value);
  const invokes = invokesOf(review, states);
  const leaves = leavesOf(states);
  if (!event) return { name: 'start', kind: 'start', source: null, event: null, states, leaves, invokes };
  const kind = kindOf(event.step, review);
  const user = review.userEvents.find((u) => u.name === event.step);
  return {
    name: event.step,
    kind,
    source: kind === 'answer' ? event.step.split(':')[0]! : kind === 'timer' ? event.step.slice(6) : null,
    event: user ? user.event : { type: event.type },
    states,
    leaves: leavesOf(states),
    invokes,
  };
}

const serializeState = (snapshot: AnySnapshot) => `${snapshot.status}:${JSON.stringify(snapshot.value)}`;
const serializeEvent = (event: EventObject) => `${event.type}|${(event as NamedEvent).step ?? ''}`;

/**
 * The shortest path to every reachable state (one per state value), then the named scenarios.
 * Throws when a scenario names a step the machine does not offer at that point.
 *
 * @example
 * const paths = bookPaths(loginReview); // [{ slug: 'to-idle', … }, { slug: 'scenario-2fa-success', … }]
 */
export function bookPaths(review: ReviewMachine): BookPath[] {
  const options = {
    input: review.input,
    events: (s: AnySnapshot) => offeredEvents(review, s),
    serializeState,
    serializeEvent,
  };
  const shortest = getShortestPaths(review.machine, options as never) as unknown as {
    state: AnySnapshot;
    steps: { event: NamedEvent; state: AnySnapshot }[];
  }[];
  const paths: BookPath[] = [];
  const initial = shortest.find((p) => p.steps.length === 0) ?? shortest[0];
  const start = toBookStep(review, null, initial?.state ?? shortest[0]!.state);
  for (const p of shortest) {
    const leaves = leavesOf(activePaths(p.state.value));
    const label = p.state.status === 'done' ? `${leaves.join(', ')} (final)` : leaves.join(', ');
    // getShortestPaths's first step is the initial state itself (event xstate.init).
    const steps = p.steps.filter((s) => s.event.type !== 'xstate.init');
    paths.push({
      machine: review.id,
      slug: `to-${slugOf(leaves.join('-'))}`,
      title: steps.length === 0 ? `the initial state, ${label}` : `to ${label}`,
      kind: 'shortest',
      steps: [start, ...steps.map((s) => toBookStep(review, s.event, s.state))],
    });
  }
  for (const scenario of review.scenarios) paths.push(scenarioPath(review, scenario, start));
  return paths;
}

/**
 * Replays named steps (as the book names them) on the machine's definition, from its initial
 * state, with `transition` (no actor runs). Returns the book steps and the snapshot reached.
 * Throws when a step is not offered at that point.
 *
 * @example
 * const { snapshot } = replaySteps(loginReview, ['SUBMIT (e-mail and password)', 'submitLogin: asks for a code']);
 */
export function replaySteps(
  review: ReviewMachine,
  names: readonly string[],
  scenario = true,
): { steps: BookStep[]; snapshot: AnySnapshot } {
  let [snapshot] = initialTransition(review.machine, review.input);
  const steps: BookStep[] = [toBookStep(review, null, snapshot)];
  for (const name of names) {
    const offered = offeredEvents(review, snapshot, scenario);
    const event = offered.find((e) => e.step === name);
    if (!event) {
      throw new Error(
        `${review.id}: "${name}" is not possible in ${JSON.stringify(snapshot.value)} ` +
          `(possible: ${offered.map((e) => e.step).join('; ')})`,
      );
    }
    [snapshot] = transition(review.machine, snapshot, event);
    steps.push(toBookStep(review, event, snapshot));
  }
  return { steps, snapshot };
}

/**
 * The book's shortest path to a state (a state path such as `signingIn.twoFactorRequired`; an
 * ancestor matches too): the fewest steps among the paths `bookPaths` computes, or undefined.
 *
 * @example
 * pathToState(loginReview, 'twoFactorRequired')?.slug; // 'to-twofactorrequired'
 */
export function pathToState(review: ReviewMachine, state: string): BookPath | undefined {
  return bookPaths(review)
    .filter((p) => p.kind === 'shortest' && p.steps.at(-1)!.states.includes(state))
    .sort((a, b) => a.steps.length - b.steps.length)[0];
}

function scenarioPath(review: ReviewMachine, scenario: { name: string; steps: string[] }, start: BookStep) {
  let steps: BookStep[];
  try {
    steps = [start, ...replaySteps(review, scenario.steps).steps.slice(1)];
  } catch (error) {
    throw new Error(
      `${review.id} scenario "${scenario.name}": ${(error as Error).message.slice(review.id.length + 2)}`,
    );
  }
  return {
    machine: review.id,
    slug: `scenario-${slugOf(scenario.name)}`,
    title: scenario.name,
    kind: 'scenario' as const,
    steps,
  };
}
