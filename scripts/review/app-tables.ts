// The small table per machine that maps its states and events to the vanilla example app:
// which form to fill, which button to press, what the page shows in each state. Only stable
// selectors (data-testid) are used. The seed accounts' password and code are typed into the
// page and never written anywhere else.

import type { Page, Route } from 'playwright';
import type { AppContext, AppMachine } from './app-driver';
import type { BookPath } from './paths';
import type { AccountKey } from './step-truth';

const WRONG_PASSWORD = 'Wr0ng-Passw0rd!';
const WRONG_CODE = '909090';
/** The new player's password (typed, never printed: the book's check looks for it). */
export const NEW_PLAYER_PASSWORD = 'N3w-Review-Pass!';
/** A valid CPF with no account: the document check prefills Beatriz Costa (never a seed account's: issue 30.1). */
export const NEW_PLAYER_CPF = '135.792.468-28';
/** The new player as the register knows her: typed by hand when the document check is unavailable. */
export const NEW_PLAYER = { name: 'Beatriz Costa', birthDate: '1995-03-08', email: 'beatriz@example.com' };
const HOURS = 60 * 60 * 1000;

const byId = (page: Page, id: string) => page.getByTestId(id);
const visible = (page: Page, id: string) => byId(page, id).first().waitFor({ state: 'visible' });
const text = async (page: Page, id: string, pattern: RegExp): Promise<void> => {
  await page.waitForFunction(
    ([testid, source]) =>
      new RegExp(source, 'i').test(document.querySelector(`[data-testid="${testid}"]`)?.textContent ?? ''),
    [id, pattern.source] as const,
  );
};
/** An error shown to the player: the login's error list, or any alert on the page, matching `pattern`. */
const alert = async (page: Page, pattern: RegExp): Promise<void> => {
  await page.waitForFunction(
    (source) =>
      [...document.querySelectorAll('[data-testid="login-errors"], [role="alert"]')].some(
        (el) =>
          (el as HTMLElement).offsetParent !== null && new RegExp(source, 'i').test(el.textContent ?? ''),
      ),
    pattern.source,
  );
};
const enabled = async (page: Page, id: string, on: boolean): Promise<void> => {
  await page.waitForFunction(
    ([testid, want]) => {
      const b = document.querySelector<HTMLButtonElement>(`[data-testid="${testid}"]`);
      return !!b && b.offsetParent !== null && b.disabled === !want;
    },
    [id, on] as const,
  );
};

async function logIn(app: AppContext, login: string, password: string) {
  await visible(app.page, 'login-form');
  await byId(app.page, 'login-input').fill(login);
  await byId(app.page, 'password-input').fill(password);
  await byId(app.page, 'login-submit').click();
}

/** The signed-in account of a path: the 2FA or the cancelled one when an answer says so, else the plain player. */
const signInAccount =
  (signsIn: RegExp) =>
  (path: BookPath): AccountKey | null => {
    const names = path.steps.map((s) => s.name);
    if (names.some((n) => n.endsWith('asks for a 2FA code'))) return 'twoFactor';
    if (names.some((n) => n.endsWith('account cancelled'))) return 'cancelled';
    return names.some((n) => signsIn.test(n)) ? 'plain' : null;
  };

/** The path's account, as the driver set it (`AppMachine.accountFor`). */
function account(app: AppContext) {
  if (!app.account) throw new Error('this path has no test account (accountFor)');
  return app.account;
}

/** Signs in with the path's account; with a wrong password when `wrong`. */
const logInAs = (app: AppContext, wrong: boolean) =>
  logIn(app, account(app).email, wrong ? WRONG_PASSWORD : account(app).password);

/** Every listed leaf cropped to the same part of the page. */
const focusOn = (testid: string, leaves: string[]) => Object.fromEntries(leaves.map((l) => [l, testid]));

/** Fills the "New player" form (the CPF checked first, which prefills the name) and sends it. */
async function registerNewPlayer(app: AppContext) {
  await visible(app.page, 'register-form');
  await byId(app.page, 'register-cpf').fill(NEW_PLAYER_CPF);
  await byId(app.page, 'register-check').click();
  await text(app.page, 'register-document', /checked/i);
  await byId(app.page, 'register-email').fill('beatriz@example.com');
  await byId(app.page, 'register-password').fill(NEW_PLAYER_PASSWORD);
  await byId(app.page, 'register-submit').click();
}

async function open(app: AppContext) {
  await app.page.goto('/');
  await visible(app.page, 'login-form');
}

const abort = (route: Route) => route.abort('connectionreset');
/** No answer to this request nor to the adapter's automatic retries of it (a GET is retried). */
const abortAll = (path: RegExp) => async (route: Route, app: AppContext) => {
  const matches = (url: URL) => path.test(url.pathname.replace(/^\/api/, ''));
  const refuse = (r: Route) => r.abort('connectionreset');
  await app.page.route(matches, refuse);
  app.undo.push(() => app.page.unroute(matches, refuse));
  await route.abort('connectionreset');
};
const answer = (status: number, message: string) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message }) });
const after = (ms: number) => async (route: Route) => {
  await new Promise((r) => setTimeout(r, ms));
  await route.continue();
};
/** The reference server's answer with `patch` applied to its JSON body. */
const patched = (patch: Record<string, unknown>) => async (route: Route) => {
  const response = await route.fetch();
  const body = { ...(await response.json()), ...patch };
  await route.fulfill({ response, json: body });
};

export const loginApp: AppMachine = {
  accountFor: signInAccount(/^SUBMIT \(/),
  accountShown: ['submitting', 'authenticated', 'failed', 'cancelledAccount'],
  focus: {
    ...focusOn('login-screen', ['idle', 'submitting', 'twoFactorRequired', 'verifyingTwoFactor']),
    ...focusOn('login-screen', ['failed', 'cancelledAccount']),
    registering: 'register',
    authenticated: 'profile',
  },
  says: {
    'submitLogin: 401 wrong password': /password|credentials/i,
    'submitLogin: 429 too many attempts': /try again/i,
    'submitLogin: account cancelled': /cancelled/i,
    'submitCode: 422 wrong code': /code/i,
    'submitCode: 422 wrong code -> failed': /too many wrong codes|attempts/i,
  },
  start: open,
  act: {
    'SUBMIT (e-mail and password)': (app, next) => logInAs(app, /wrong password|429/.test(next?.name ?? '')),
    'REGISTER (the new player form)': registerNewPlayer,
    'SUBMIT_CODE (the 2FA code)': async (app, next) => {
      const code = next?.name.endsWith('wrong code') ? WRONG_CODE : (app.seed.twoFactor.twoFactorCode ?? '');
      await visible(app.page, 'code-form');
      await byId(app.page, 'code-input').fill(code);
      await byId(app.page, 'code-submit').click();
    },
  },
  shows: {
    idle: (app) => enabled(app.page, 'login-submit', true),
    submitting: (app) => enabled(app.page, 'login-submit', false),
    twoFactorRequired: (app) => enabled(app.page, 'code-submit', true),
    verifyingTwoFactor: (app) => enabled(app.page, 'code-submit', false),
    registering: (app) => text(app.page, 'register-status', /creating/i),
    authenticated: (app) => visible(app.page, 'profile'),
    cancelledAccount: (app) => alert(app.page, /cancel/),
    failed: (app) => alert(app.page, /\S/),
  },
  requests: {
    submitRegistration: { method: 'POST', path: /^\/auth\/register-simplified$/ },
    submitLogin: { method: 'POST', path: /^\/auth\/login$/ },
    submitCode: { method: 'POST', path: /^\/auth\/login$/ },
  },
  answers: { 'submitCode: no answer': abort },
};

/** How far ahead of the page's time its clock is paused: the time the pause itself may take. */
const PAUSE_MARGIN_MS = 5_000;

export const incomeReportApp: AppMachine = {
  accountFor: () => 'plain',
  focus: new Proxy({}, { get: () => 'report' }) as Record<string, string>,
  start: async (app) => {
    await open(app);
    await logInAs(app, false);
    await visible(app.page, 'report');
  },
  act: {
    'GENERATE (2025, download)': async (app) => {
      await enabled(app.page, 'report-generate', true);
      // The page clock stops here: the report's timers (the 1 s poll wait, the deadline) then move
      // only when a path's timer step moves them. Running in real time, a poll went out on its own
      // while a picture was taken under load, and the report completed before the step holding it.
      const now = await app.page.evaluate(() => Date.now());
      await app.page.clock.pauseAt(now + PAUSE_MARGIN_MS);
      await byId(app.page, 'report-year').selectOption('2025');
      await byId(app.page, 'report-delivery').selectOption('download');
      await byId(app.page, 'report-generate').click();
    },
    CANCEL: (app) => byId(app.page, 'report-cancel').click(),
    'PAUSE (the page goes offline)': (app) => app.page.context().setOffline(true),
    'WAKE (the page is back online)': (app) => app.page.context().setOffline(false),
    RETRY: (app) => byId(app.page, 'report-retry').click(),
    RESET: (app) => byId(app.page, 'report-reset').click(),
  },
  shows: {
    loadingYears: (app) => text(app.page, 'report-status', /loading years/),
    ready: (app) => enabled(app.page, 'report-generate', true),
    generating: (app) => text(app.page, 'report-progress', /requesting/i),
    'polling.waiting': (app) => text(app.page, 'report-progress', /next check/i),
    'polling.fetching': (app) => text(app.page, 'report-progress', /checking the report/i),
    'polling.waitingForSession': (app) => text(app.page, 'report-progress', /session/i),
    'polling.paused': (app) => text(app.page, 'report-progress', /paused/i),
    completed: (app) => text(app.page, 'report-status', /^completed$/),
    failed: (app) => visible(app.page, 'report-retry'),
    timedOut: (app) => text(app.page, 'report-status', /timed out/),
  },
  requests: {
    loadYears: { method: 'GET', path: /^\/income-report\/available-years$/ },
    generateReport: { method: 'POST', path: /^\/income-report\/generate$/ },
    pollStatus: { method: 'GET', path: /^\/income-report\/\d+$/ },
  },
  answers: {
    'loadYears: no answer': abortAll(/^\/income-report\/available-years$/),
    // Pending, as the server answers; on a path that cancels, the polls are held so the report
    // cannot finish (on the page's own clock) before the player cancels it.
    'generateReport: pending': async (route, app) => {
      if (app.path.steps.some((s) => s.name === 'CANCEL')) {
        const poll = (url: URL) => /\/income-report\/\d+$/.test(url.pathname);
        await app.page.route(poll, () => {});
      }
      await route.continue();
    },
    // Completed at once, with the file's address as the server gives it (a completed download
    // without one is refused: the machine completes only with a report it can fetch).
    'generateReport: completed': async (route: Route) => {
      const response = await route.fetch();
      const body = await response.json();
      const origin = new URL(route.request().url()).origin;
      const download_url = `${origin}/income-report/${body.id}/file`;
      await route.fulfill({ response, json: { ...body, status: 3, download_url } });
    },
    'generateReport: failed': patched({ status: 4 }),
    'generateReport: 500': answer(500, 'Server error.'),
    // The reference server moves a report on every 400 ms: wait for the state asked for.
    'pollStatus: processing': after(500),
    'pollStatus: completed': after(1500),
    'pollStatus: failed': patched({ status: 4 }),
    // A 401 on the poll, and on the adapter's retry after its token refresh: the poll fails
    // with 401 and the report waits for the session.
    'pollStatus: 401': async (route, app) => {
      const poll = (url: URL) => /\/income-report\/\d+$/.test(url.pathname);
      const refuse = answer(401, 'Unauthenticated.');
      await app.page.route(poll, refuse);
      app.undo.push(() => app.page.unroute(poll, refuse));
      await refuse(route);
      // The adapter's token refresh after the 401 waits on page timers: the paused clock moves in
      // 25 ms steps, 1 s at most (less than the next poll wait, 1.35 s or more), until the report
      // waits for the session.
      const progress = byId(app.page, 'report-progress');
      for (let moved = 0; !/session/i.test((await progress.textContent()) ?? ''); moved += 25) {
        if (moved < 1000) await app.page.clock.runFor(25);
        await app.page.waitForTimeout(100);
        if (moved > 20_000) break;
      }
    },
    'pollStatus: no answer': abort,
    'pollStatus: 404': answer(404, 'Not found.'),
  },
  timers: { pollDelay: 5_000, deadline: 6 * 60 * 1000 },
  stall: { deadline: [{ method: 'GET', path: /^\/income-report\/\d+$/ }] },
};

export const tokenRefreshApp: AppMachine = {
  accountFor: signInAccount(/^TOKEN_SAVED/),
  accountShown: ['active.idle', 'active.refreshing'],
  focus: { signedOut: 'login-screen', 'active.idle': 'profile', 'active.refreshing': 'profile' },
  start: open,
  act: {
    'TOKEN_SAVED (signed in)': (app) => logInAs(app, false),
    // The app has no refresh button: the page clock moves on until the cycle refreshes by itself
    // (6 h after the save). It never runs far past the refresh it starts: a `runFor` past it would
    // also run out the refresh's 60 s flight limit (and each retry's, through the backoff) before
    // the request reached the route (CI, 2026-12-04: the 6 h jump ran 36 min past the refresh,
    // and the 5 s steps then waited out a long backoff past the step's 20 s). So the clock jumps
    // to 5 h 36 min (nothing is due), then moves in 20 s steps (less than any timeout) until a
    // refresh is sent, then waits for it to reach the route, where the book holds it.
    // (`fastForward`, each due timer fired once at a jump's end, was tried: the refresh came only
    // 1 to 1.5 s (real) after the last jump, past the short waits, 2 runs in 3.)
    REFRESH: async (app) => {
      let sent = false;
      let routed = false;
      const refresh = /\/api\/users\/refresh-token$/;
      const watch = (request: { url(): string }) => {
        if (refresh.test(new URL(request.url()).pathname)) sent = true;
      };
      const note = (route: Route) => {
        routed = true;
        return route.fallback();
      };
      app.page.on('request', watch);
      await app.page.route(refresh, note);
      try {
        for (const jump of [60_000, 5 * 60_000, 30 * 60_000, 5 * HOURS]) {
          await app.page.clock.runFor(jump);
          await app.page.waitForTimeout(100);
          if (sent) break;
        }
        // Once sent, the clock waits (up to 2 s) for the request to reach the route.
        for (let moved = 0, waited = 0; !routed && moved < 2 * HOURS; ) {
          if (sent && waited < 2_000) {
            await app.page.waitForTimeout(100);
            waited += 100;
            continue;
          }
          await app.page.clock.runFor(20_000);
          moved += 20_000;
          await app.page.waitForTimeout(20);
        }
      } finally {
        app.page.off('request', watch);
        await app.page.unroute(refresh, note);
      }
      if (!sent) throw new Error('the app did not refresh within 7 h of page time');
      if (!routed) throw new Error('every refresh was aborted before it reached the route');
    },
    SIGN_OUT: (app) => byId(app.page, 'logout').click(),
  },
  shows: {
    signedOut: (app) => visible(app.page, 'login-form'),
    'active.idle': (app) => visible(app.page, 'profile'),
    'active.refreshing': (app) => visible(app.page, 'profile'),
  },
  invisible: {
    'active.refreshing':
      'A refresh in flight is not shown by the app: the player stays on the signed-in page.',
  },
  requests: { refreshToken: { method: 'POST', path: /^\/users\/refresh-token$/ } },
  answers: {
    'refreshToken: 401 session ended': answer(401, 'Unauthenticated.'),
    'refreshToken: no answer': abortAll(/^\/users\/refresh-token$/),
  },
  machineOnly: {
    'timer nextCheck':
      'The backoff after a failed refresh is internal timing: the app stays on the signed-in page while the cycle waits.',
  },
};

/** The first answer of `rest` that is a verdict on the credentials or the code. */
const verdict = (rest: { name: string }[]) =>
  rest.find((s) => /signed in|rejected|wrong password|429|cancelled|asks for a 2FA code/.test(s.name))
    ?.name ?? '';

async function typeCode(app: AppContext, right: boolean) {
  await visible(app.page, 'code-form');
  await byId(app.page, 'code-input').fill(right ? (app.seed.twoFactor.twoFactorCode ?? '') : WRONG_CODE);
  await byId(app.page, 'code-submit').click();
}

/** The visible Back / Cancel button of the login screen (the 2FA step's, or the failed state's). */
async function cancel(app: AppContext) {
  for (const id of ['code-cancel', 'login-cancel']) {
    const button = byId(app.page, id);
    if ((await button.count()) > 0 && (await button.first().isVisible())) return button.first().click();
  }
  throw new Error('no visible Back / Cancel button (data-testid code-cancel or login-cancel)');
}

export const sessionApp: AppMachine = {
  accountFor: signInAccount(/^LOGIN \(/),
  accountShown: ['signingIn.submitting', 'signedIn', 'failed', 'cancelledAccount'],
  focus: {
    ...focusOn('login-screen', ['signedOut', 'failed', 'cancelledAccount']),
    ...focusOn('login-screen', [
      'signingIn.submitting',
      'signingIn.twoFactorRequired',
      'signingIn.verifyingCode',
    ]),
    'signingIn.registering': 'register',
    signedIn: 'profile',
    signingOut: 'profile',
  },
  says: {
    'login: wrong password': /password|credentials/i,
    'login: 429 too many attempts': /try again/i,
    'login: account cancelled': /cancelled/i,
    'login: code rejected': /code/i,
    'login: fifth code rejected': /too many wrong codes|attempts/i,
    'SESSION_EXPIRED (the refresh answered 401)': /session (has )?expired/i,
  },
  start: async (app) => {
    await app.page.goto('/');
  },
  act: {
    'LOGIN (e-mail and password)': (app, _next, rest) =>
      logInAs(app, /wrong password|429/.test(verdict(rest))),
    // The child checks the code when the player sends it: typing happens at this step.
    'login: checks the code': (app, _next, rest) => typeCode(app, /signed in/.test(verdict(rest))),
    'REGISTER (the new player form)': registerNewPlayer,
    CANCEL: cancel,
    LOGOUT: (app) => byId(app.page, 'logout').click(),
    // The refresh answers 401: the page clock jumps past the 6 h refresh interval. A jump
    // (fastForward) fires the due refresh once at the end, so the request's own timeout starts
    // from there and the 401 lands first (`runFor` would run the timeout out before the answer).
    'SESSION_EXPIRED (the refresh answered 401)': async (app) => {
      await app.page.route(/\/api\/users\/refresh-token$/, answer(401, 'Unauthenticated.'));
      await app.page.clock.fastForward(6 * HOURS + 60_000);
    },
  },
  immediate: ['restore: nothing stored', 'SUBMIT_CODE (the 2FA code)', 'login: registers'],
  shows: {
    restoring: (app) =>
      app.page.locator('[data-testid="loading"], [data-testid="login-form"]').first().waitFor(),
    signedOut: (app) => enabled(app.page, 'login-submit', true),
    'signingIn.submitting': (app) => enabled(app.page, 'login-submit', false),
    'signingIn.twoFactorRequired': (app) => enabled(app.page, 'code-submit', true),
    'signingIn.verifyingCode': (app) => enabled(app.page, 'code-submit', false),
    'signingIn.registering': (app) => text(app.page, 'register-status', /creating/i),
    failed: (app) => alert(app.page, /\S/),
    cancelledAccount: (app) => alert(app.page, /cancel/),
    signedIn: (app) => visible(app.page, 'profile'),
    signingOut: (app) => visible(app.page, 'profile'),
  },
  // REGISTER enters signingIn.submitting (the login child has not said "registering" yet): the
  // player sees the registration form being sent, not the login form.
  stepPicture: {
    'REGISTER (the new player form)': {
      focus: 'register',
      shows: (app) => text(app.page, 'register-status', /creating/i),
    },
  },
  invisible: {
    restoring:
      'Reading the stored session takes no visible time: the app shows its loading line or the login form.',
    signingOut: 'The app keeps the account page while the logout request runs.',
  },
  requests: {
    // The login child sends a login, or a registration after REGISTER.
    login: { method: 'POST', path: /^\/auth\/(login|register-simplified)$/ },
    logout: { method: 'POST', path: /^\/auth\/logout$/ },
  },
  answers: { 'logout: no answer': abort },
};

/**
 * Step-up: a looser deposit limit (the `pendingLimit` seed account has 100 daily; 800 daily is
 * looser) makes the server ask for the current password. The vanilla app runs this protocol
 * through the core's `onStepUp` option and its own prompt, with the same moments as the machine:
 * the change in flight, the prompt, the change resent with the password, saved / refused.
 */
export const stepUpApp: AppMachine = {
  accountFor: () => 'pendingLimit',
  appNote:
    "The vanilla app runs this protocol through the core's onStepUp option (client.user.updateLimits with its password prompt), with the same moments as the machine: each picture is the app at that moment.",
  says: { 'sendChange: wrong password': /password/i },
  focus: {
    sending: 'limits-form',
    passwordRequired: 'step-up',
    confirming: 'limits-form',
    done: 'limits-form',
    failed: 'limits-form',
    cancelled: 'limits-form',
  },
  start: async (app) => {
    await open(app);
    await logInAs(app, false);
    await visible(app.page, 'profile');
    // Straight to "done": a stricter limit, applied with no password asked; else a looser one.
    const direct = app.path.steps[1]?.name === 'sendChange: done';
    await byId(app.page, 'limit-amount').fill(direct ? '50' : '800');
    await byId(app.page, 'limit-period').selectOption('daily');
    await byId(app.page, 'limit-submit').click();
  },
  act: {
    'CONFIRM (the password)': async (app, next) => {
      await visible(app.page, 'step-up');
      const wrong = next?.name.endsWith('wrong password');
      await byId(app.page, 'step-up-password').fill(wrong ? WRONG_PASSWORD : account(app).password);
      await byId(app.page, 'step-up-submit').click();
    },
    CANCEL: (app) => byId(app.page, 'step-up-cancel').click(),
  },
  shows: {
    sending: (app) => enabled(app.page, 'limit-submit', false),
    passwordRequired: (app) => visible(app.page, 'step-up'),
    confirming: async (app) => {
      await byId(app.page, 'step-up').waitFor({ state: 'hidden' });
      await enabled(app.page, 'limit-submit', false);
    },
    done: (app) => text(app.page, 'limit-saved', /saved/i),
    failed: (app) => text(app.page, 'limit-errors', /\S/),
    cancelled: (app) => text(app.page, 'limit-errors', /\S/),
  },
  requests: { sendChange: { method: 'PATCH', path: /^\/bff\/users\/update-limits$/ } },
  answers: { 'sendChange: 500': answer(500, 'Server error.') },
};

/** Registration: the "New player" form under the login form. */
export const registrationApp: AppMachine = {
  focus: new Proxy({}, { get: () => 'register' }) as Record<string, string>,
  says: {
    // The register's data for the new player's own CPF, never an existing player's.
    'checkDocument: valid, with the name and birth date': /Beatriz Costa/,
    // Unavailable: the player is asked to type the name and birth date (issue 30.2).
    'checkDocument: no answer': /type your full name and birth date/i,
  },
  start: async (app) => {
    await open(app);
    await visible(app.page, 'register-form');
  },
  act: {
    // The form goes to the machine (SUBMIT), whose `submitted` event hands it to client.register:
    // the registration request is held, so the picture shows the form sent.
    'SUBMIT (the form)': async (app) => {
      const stall = () => {};
      const matches = (url: URL) => /\/auth\/register-simplified$/.test(url.pathname);
      await app.page.route(matches, stall);
      app.undo.push(() => app.page.unroute(matches, stall));
      // Not checked (or the check unavailable): the player types the CPF, name and birth date.
      if ((await byId(app.page, 'register-cpf').inputValue()) === '')
        await byId(app.page, 'register-cpf').fill(NEW_PLAYER_CPF);
      if ((await byId(app.page, 'register-name').inputValue()) === '') {
        await byId(app.page, 'register-name').fill(NEW_PLAYER.name);
        await byId(app.page, 'register-birth').fill(NEW_PLAYER.birthDate);
      }
      await byId(app.page, 'register-email').fill(NEW_PLAYER.email);
      await byId(app.page, 'register-password').fill(NEW_PLAYER_PASSWORD);
      await byId(app.page, 'register-submit').click();
    },
    'CHECK_DOCUMENT (a CPF)': async (app) => {
      // The new player's own CPF (never a seed account's). (One with a wrong check digit is refused
      // before it is sent, review 149: the `invalid` verdict is the server's, below.)
      await byId(app.page, 'register-cpf').fill(NEW_PLAYER_CPF);
      await byId(app.page, 'register-check').click();
    },
  },
  shows: {
    editing: (app) => enabled(app.page, 'register-check', true),
    checkingDocument: (app) => text(app.page, 'register-document', /Checking/),
    documentInvalid: (app) => text(app.page, 'register-errors', /\S/),
    submitted: (app) => text(app.page, 'register-status', /creating/i),
  },
  requests: { checkDocument: { method: 'POST', path: /^\/auth\/validate-document$/ } },
  answers: {
    'checkDocument: 422 refused': answer(422, 'Invalid document.'),
    'checkDocument: invalid': patched({ docnumber_valid: false }),
    'checkDocument: no answer': abort,
  },
  machineOnly: {
    RESET: 'The form has no reset button.',
  },
};

/** Play time: its table is in play-time-review.ts beside its paths (issue 30). */
export { playTimeApp } from './play-time-review';
