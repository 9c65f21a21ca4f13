// The deep link `#machine=login&state=twoFactorRequired` reproduces its state: the review book's
// shortest path to it (scripts/review/paths.ts, the same path the book photographs) replayed on
// the machine's definition with `transition`, step by step, with a link to that path in the book.

import type { ReviewMachine } from '../scripts/review/paths';
import { type BookPath, pathToState, replaySteps } from '../scripts/review/paths';
import {
  incomeReportReview,
  loginReview,
  registrationReview,
  sessionReview,
  stepUpReview,
  tokenRefreshReview,
} from '../scripts/review/review-machines';
import { activePaths } from '../tools/diagrams/graph';

const REVIEWS: Record<string, ReviewMachine> = Object.fromEntries(
  [loginReview, incomeReportReview, tokenRefreshReview, sessionReview, stepUpReview, registrationReview].map(
    (r) => [r.id, r],
  ),
);

/** Where the review book is served beside the visualizer (`npm start` mounts both). */
export const BOOK = '../review-book/';

export interface Replay {
  /** The book's path, or null when no path of the book reaches the state. */
  path: BookPath | null;
  /** Leaf state paths of the replayed snapshot (`signingIn.twoFactorRequired`). */
  reached: string[];
  /** Why there is no path, when there is none. */
  why: string;
}

const cache = new Map<string, BookPath | null>();

/**
 * Replays the book's shortest path to `state` of machine `machineId` on its definition.
 *
 * @example
 * replayTo('login', 'twoFactorRequired').reached; // ['twoFactorRequired']
 */
export function replayTo(machineId: string, state: string): Replay {
  const review = REVIEWS[machineId];
  if (!review) {
    return {
      path: null,
      reached: [],
      why: `The review book has no paths for ${machineId}: it is pictured in its responsible-gaming chapter.`,
    };
  }
  const key = `${machineId}#${state}`;
  if (!cache.has(key)) cache.set(key, pathToState(review, state) ?? null);
  const path = cache.get(key)!;
  if (!path) return { path: null, reached: [], why: `No path of the review book reaches ${state}.` };
  const { snapshot } = replaySteps(
    review,
    path.steps.slice(1).map((s) => s.name),
    false,
  );
  const all = activePaths(snapshot.value);
  const reached = all.filter((p) => !all.some((q) => q.startsWith(`${p}.`)));
  return { path, reached, why: '' };
}

/** The book page of a path, at its last step: `../review-book/login/to-twofactorrequired.html#step-2`. */
export function bookLink(path: BookPath): string {
  return `${BOOK}${path.machine}/${path.slug}.html#step-${path.steps.length - 1}`;
}

/**
 * The replay as the panel shows it: each step in the book's words, the state reached, the book link.
 *
 * @example
 * panel.showReplay(replayElement('login', 'twoFactorRequired'));
 */
export function replayElement(machineId: string, state: string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'replay';
  box.dataset.testid = `replay-${machineId}`;
  let replay: Replay;
  try {
    replay = replayTo(machineId, state);
  } catch (error) {
    replay = { path: null, reached: [], why: `The replay failed: ${(error as Error).message}` };
  }
  if (!replay.path) {
    box.dataset.reached = '';
    const p = document.createElement('p');
    p.textContent = replay.why;
    box.append(p);
    if (!REVIEWS[machineId]) {
      const a = document.createElement('a');
      a.href = `${BOOK}responsible-gaming.html`;
      a.textContent = 'The responsible-gaming chapter';
      box.append(a);
    }
    return box;
  }
  box.dataset.reached = replay.reached.join(', ');
  box.dataset.steps = String(replay.path.steps.length - 1);
  const title = document.createElement('p');
  title.textContent = `Reproduced on the machine's definition by replaying the review book's shortest path (${replay.path.steps.length - 1} step${replay.path.steps.length === 2 ? '' : 's'}):`;
  const list = document.createElement('ol');
  list.start = 0;
  for (const step of replay.path.steps) {
    const li = document.createElement('li');
    li.textContent = `${step.kind === 'start' ? 'start' : step.name} → ${step.leaves.join(', ')}`;
    list.append(li);
  }
  const reached = document.createElement('p');
  reached.textContent = `Reached: ${replay.reached.join(', ')}. The live actor's state stays highlighted in orange.`;
  const link = document.createElement('a');
  link.href = bookLink(replay.path);
  link.dataset.testid = `book-link-${machineId}`;
  link.textContent = 'This path in the review book (pictures of each step)';
  box.append(title, list, reached, link);
  return box;
}
