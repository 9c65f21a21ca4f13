// Drives the real vanilla example app in Chromium through a book path, against a fresh reference
// server per path, and takes a screenshot after every step. In-flight states are photographed by
// holding the request the state sends (playwright `page.route`) until the picture is taken;
// answers the reference server would not give by itself are produced at the route (a 5xx, no
// answer); timers are moved with playwright's page clock.

import { mkdir } from 'node:fs/promises';
import { startReferenceServer } from 'pam-client/testing';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright';
import { startDemo } from '../demo/serve.mjs';
import { inPtBR, listenUntranslated } from './in-pt-BR';
import type { BookPath, BookStep } from './paths';
import { cropPng } from './png';
import { type AccountKey, accountOf, stepProblems } from './step-truth';

export interface AppContext {
  page: Page;
  /** The seed accounts of the reference server (its passwords and code are typed, never printed). */
  seed: Awaited<ReturnType<typeof startReferenceServer>>['seed'];
  /** Undone before the next step (e.g. a route that refuses the adapter's retries of an answer). */
  undo: (() => Promise<void>)[];
  /** The seed account this path uses (`AppMachine.accountFor`), whose e-mail the pictures show. */
  account: AppContext['seed'][AccountKey] | null;
  /** The path being played (a start may depend on where it goes). */
  path: BookPath;
}

export interface RequestSpec {
  method: string;
  path: RegExp;
}

/** How the app shows one machine: the small table per machine. */
export interface AppMachine {
  /** The seed account a path signs in with, decided from the whole path (null: none). */
  accountFor?(path: BookPath): AccountKey | null;
  /** Said on the machine's page: how the app runs this machine's protocol, when not through the machine itself. */
  appNote?: string;
  /** Per leaf state: the `data-testid` of the part of the page under review (the picture's crop). */
  focus?: Record<string, string>;
  /** Leaf states whose screen shows the account's e-mail (checked on every picture). */
  accountShown?: readonly string[];
  /** Step name → the message the player must read after it (checked on the page text). */
  says?: Record<string, RegExp>;
  /** Opens the app where the machine starts. */
  start(app: AppContext): Promise<void>;
  /** How the app sends each user step; `rest` are the steps after it (an answer picks the account). */
  act: Record<string, (app: AppContext, next: BookStep | undefined, rest: BookStep[]) => Promise<void>>;
  /** Answers that follow the previous step by themselves, with no request of their own. */
  immediate?: string[];
  /** Per leaf state: resolves once the app shows it. */
  shows: Record<string, (app: AppContext) => Promise<void>>;
  /**
   * Per step name: the picture of that step when it is not the leaf's usual one (the step's
   * screen is another part of the page than its state's: the session's REGISTER enters
   * `signingIn.submitting`, and the player sees the registration form being sent, not the login form).
   */
  stepPicture?: Record<string, { focus: string; shows: (app: AppContext) => Promise<void> }>;
  /** Per invoked src: the request it sends. */
  requests: Record<string, RequestSpec>;
  /** `<src>: <answer>` → how the route answers when the reference server would not. */
  answers?: Record<string, (route: Route, app: AppContext) => Promise<void>>;
  /** Per timer (delay name): how far the page clock jumps (ms). */
  timers?: Record<string, number>;
  /** Per timer: requests left unanswered while the clock jumps (a poll must not end the report first). */
  stall?: Record<string, RequestSpec[]>;
  /** States no path of the book reaches: why (shown in the coverage table; a state with no picture and no reason fails the build). */
  unreached?: Record<string, string>;
  /** Leaf states the app does not show apart from another one: why (listed in the book). */
  invisible?: Record<string, string>;
  /**
   * Steps the app cannot take (internal timing): the machine takes them in the book, and the
   * screenshot is the app's corresponding visible state. Why, listed in the book.
   */
  machineOnly?: Record<string, string>;
  /**
   * Set when the app has no screen for this machine at all: every step is the machine's alone
   * and its picture is the app's screen after `start`. Why, listed in the book.
   */
  onlyDiagram?: string;
}

/**
 * What a step's picture is: the part of the page (`data-testid`, or null for the whole page) and
 * what to wait for before taking it, per leaf.
 *
 * @example
 * pictureOf(sessionApp, registerStep).focus; // 'register'
 */
export function pictureOf(
  table: AppMachine,
  step: Pick<BookStep, 'name' | 'leaves'>,
): {
  focus: string | null;
  waits: { what: string; shows: ((app: AppContext) => Promise<void>) | undefined }[];
} {
  const own = table.stepPicture?.[step.name];
  if (own) return { focus: own.focus, waits: [{ what: `the picture of "${step.name}"`, shows: own.shows }] };
  return {
    focus: step.leaves.map((leaf) => table.focus?.[leaf]).find((id) => id !== undefined) ?? null,
    waits: (table.onlyDiagram ? [] : step.leaves).map((leaf) => ({ what: leaf, shows: table.shows[leaf] })),
  };
}

/** Why the app does not take this step, or undefined when it does. */
export const notInApp = (table: AppMachine, step: string): string | undefined =>
  table.onlyDiagram ?? table.machineOnly?.[step];

interface Hold {
  spec: RequestSpec;
  route: Route | null;
  arrived: Promise<Route>;
  resolve(route: Route): void;
}

export interface Shot {
  /** Index of the step in the path. */
  step: number;
  /** The part of the page under review (`AppMachine.focus`), or the whole page. */
  png: Buffer;
  /** The whole page. */
  full: Buffer;
  /** Every string the page showed at this step, in reading order (the copy deck). */
  text: string[];
  /** The same moment with the app in pt-BR (the pt-BR edition's pictures). */
  pt: { png: Buffer; full: Buffer };
}

/**
 * The visible strings of the page (or of its element `[data-testid=<within>]`): the rendered
 * text, then each visible field's value (never a password's).
 */
export function pageText(page: Page, within: string | null = null): Promise<string[]> {
  return page.evaluate((testid) => {
    const root =
      (testid ? document.querySelector<HTMLElement>(`[data-testid="${testid}"]`) : null) ?? document.body;
    const options = new Set(
      [...root.querySelectorAll('select option')].map((o) => (o.textContent ?? '').trim()),
    );
    const lines = root.innerText
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !options.has(line));
    for (const el of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
      if (el.type === 'password' || el.type === 'hidden' || !el.checkVisibility() || !el.value) continue;
      const label = el.closest('label')?.firstChild?.textContent?.trim() || el.name;
      const value = el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.textContent ?? '') : el.value;
      lines.push(`${label}: ${value.trim()}`);
    }
    return lines;
  }, within);
}

/** Where an element is on the whole page's screenshot (document pixels). */
export const boxOf = (part: Locator) =>
  part.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
  });

const STEP_TIMEOUT_MS = 20_000; // generous: CI machines are shared

function withTimeout<T>(promise: Promise<T>, what: string, ms = STEP_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    promise,
    new Promise<T>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Runs `path` in a fresh page against a fresh reference server, returning one screenshot per step.
 * Throws (naming the step) when the app does not reach a step's state.
 *
 * @example
 * const shots = await runPath(browser, appDir, loginApp, path);
 */
export async function runPath(
  browser: Browser,
  appDir: string,
  table: AppMachine,
  path: BookPath,
  /** Receives every access token the reference server issued (the book must never show one). */
  tokens?: Set<string>,
  /** Receives every text the app showed untranslated in pt-BR. */
  untranslated?: Set<string>,
): Promise<Shot[]> {
  const reference = await startReferenceServer({ reportStepMs: 400 });
  const demo = await startDemo({ apps: [{ mountPath: '/', dir: appDir }], apiTarget: reference.url });
  let context: BrowserContext | undefined;
  const shots: Shot[] = [];
  try {
    context = await browser.newContext({
      viewport: { width: 900, height: 900 },
      baseURL: demo.url,
      locale: 'en-US',
    });
    const page = await context.newPage();
    listenUntranslated(page, untranslated);
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.clock.install();
    const holds: Hold[] = [];
    await page.route(/\/api\//, async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const hold = holds.find(
        (h) =>
          h.route === null && h.spec.method === request.method() && h.spec.path.test(url.pathname.slice(4)),
      );
      if (!hold) return route.continue();
      hold.route = route;
      hold.resolve(route);
    });
    const key = accountOf(table, path);
    const app: AppContext = {
      page,
      seed: reference.seed,
      undo: [],
      account: key ? reference.seed[key] : null,
      path,
    };
    const holdOf = (spec: RequestSpec): Hold => {
      let resolve!: (route: Route) => void;
      const arrived = new Promise<Route>((r) => {
        resolve = r;
      });
      const hold = { spec, route: null, arrived, resolve };
      holds.push(hold);
      return hold;
    };
    const holdFor = (step: BookStep | undefined): Hold | null => {
      // An answer the app brings about with an action registers its own hold when it acts.
      if (step?.kind !== 'answer' || !step.source || table.act[step.name] || notInApp(table, step.name))
        return null;
      const spec = table.requests[step.source];
      if (!spec) throw new Error(`no request known for ${step.source}`);
      return holdOf(spec);
    };

    const immediate = (step: BookStep | undefined) => !!step && (table.immediate ?? []).includes(step.name);
    let pending: Hold | null = null;
    for (let i = 0; i < path.steps.length; i++) {
      const step = path.steps[i]!;
      const next = path.steps[i + 1];
      const rest = path.steps.slice(i + 1);
      const upcoming = rest.find((s) => !immediate(s));
      const what = `${path.machine} ${path.slug}, step ${i} "${step.name}"`;
      if (step.kind !== 'answer') for (const undo of app.undo.splice(0)) await undo();
      // An answer the app brings about itself (a child machine moving when the player types) has an action.
      const act = table.act[step.name];
      const consumes = step.kind === 'answer' && !act && !immediate(step) && !notInApp(table, step.name);
      let hold: Hold | null = consumes || !pending ? holdFor(upcoming) : null;
      // A step into a state that sends a request, with no answer after it in this path: hold the
      // request anyway, so the picture shows the state in flight.
      if (
        !hold &&
        !pending &&
        (step.kind === 'start' || step.kind === 'user' || step.kind === 'timer' || act)
      ) {
        const src = step.invokes.find((s) => table.requests[s]);
        if (src && upcoming?.source !== src) hold = holdOf(table.requests[src]!);
      }
      if (step.kind !== 'start' && (notInApp(table, step.name) || immediate(step))) {
        // Nothing to do in the app: its visible state is checked and photographed as it is.
      } else if (step.kind === 'start') {
        await withTimeout(table.start(app), `${what}: start`);
      } else if (act) {
        await withTimeout(act(app, next, rest), what);
      } else if (step.kind === 'user') {
        throw new Error(`${what}: the app has no action for "${step.name}"`);
      } else if (step.kind === 'timer') {
        const ms = table.timers?.[step.source ?? ''];
        if (ms === undefined) throw new Error(`${what}: no clock jump known for timer ${step.source}`);
        for (const spec of table.stall?.[step.source ?? ''] ?? []) holdOf(spec);
        await page.clock.fastForward(ms);
      } else {
        if (!pending) throw new Error(`${what}: no request was held for this answer`);
        const route = await withTimeout(pending.arrived, `${what}: the app never sent the request`);
        const answer = table.answers?.[step.name];
        if (answer) await answer(route, app);
        else await route.continue();
      }
      if (hold) {
        await withTimeout(hold.arrived, `${what}: the app never sent the ${upcoming?.source} request`);
        pending = hold;
      } else if (consumes) pending = null;
      const picture = pictureOf(table, step);
      for (const { what: leaf, shows } of picture.waits) {
        if (!shows) throw new Error(`${what}: the app table does not say how ${leaf} shows`);
        await withTimeout(shows(app), `${what}: the app does not show ${leaf}`);
      }
      await page.evaluate(() => document.fonts?.ready);
      const look = { animations: 'disabled', caret: 'hide' } as const;
      const testid = picture.focus;
      const part = testid ? page.getByTestId(testid).first() : null;
      const cropped = part !== null && (await part.isVisible());
      const text = await pageText(page, cropped ? (testid ?? null) : null);
      const problems = table.onlyDiagram ? [] : stepProblems(table, path, i, text.join('\n'));
      if (problems.length > 0) throw new Error(`${what}: the picture is not true: ${problems.join('; ')}`);
      // One screenshot per language: the part under review is cut out of the whole page.
      const full = await page.screenshot({ ...look, fullPage: true });
      const png = cropped ? cropPng(full, await boxOf(part)) : full;
      const pt = await inPtBR(page, async () => {
        const whole = await page.screenshot({ ...look, fullPage: true });
        return { full: whole, png: cropped ? cropPng(whole, await boxOf(part)) : whole };
      });
      shots.push({ step: i, png, full, text, pt });
    }
    // Let held requests go, so nothing waits on a closed page.
    for (const h of holds) if (h.route) await h.route.continue().catch(() => {});
    return shots;
  } catch (error) {
    // What the app showed when it failed, for the reader of the CI log.
    const page = context?.pages()[0];
    if (page) {
      await mkdir('test-results', { recursive: true });
      await page
        .screenshot({ path: `test-results/review-failed-${path.machine}-${path.slug}.png` })
        .catch(() => {});
    }
    throw error;
  } finally {
    for (const r of reference.requests) {
      const auth = r.headers.authorization;
      if (typeof auth === 'string' && auth.startsWith('Bearer ')) tokens?.add(auth.slice(7));
    }
    await context?.close().catch(() => {});
    await demo.close();
    await reference.close();
  }
}
