// Play time in the review book (issue 31 item 5; its paths here, issue 30): the machine's moves
// offered as the events it hears (the time limit read, its own heartbeats reported as CLOCK), and
// how the vanilla app shows each level: the timeLimit seed account (1 minute a day), the page
// clock moved on until the app shows the alert. Re-exported as `playTimeReview` by
// review-machines.ts and `playTimeApp` by app-tables.ts (book.ts picks them up by those names).

import { playTimeMachine } from 'pam-client/machines';
import type { Page } from 'playwright';
import type { AppContext, AppMachine } from './app-driver';
import type { ReviewMachine } from './paths';

/** A São Paulo day's key, as the machine counts in it (`daily:<day>`). */
const DAY = 'daily:2026-11-28';
const clock = (usedMs: number) => ({
  type: 'CLOCK',
  clock: { periodKey: DAY, usedMs, lastBeat: usedMs },
  at: usedMs,
  periodKey: DAY,
});
const NO_STORE = { read: () => null, write: () => {} };

export const playTimeReview: ReviewMachine = {
  id: 'playTime',
  title: 'Play time',
  machine: playTimeMachine,
  input: { limit: null, store: NO_STORE, now: () => 0 },
  userEvents: [
    {
      name: 'LIMIT (a time limit of 1 minute a day)',
      event: { type: 'LIMIT', limit: { amount: 1, period: 'daily', active: true } },
      when: ['off'],
    },
    { name: 'CLOCK (48 s of the 60 s played)', event: clock(48_000), when: ['on.level.under'] },
    { name: 'CLOCK (the 60 s played)', event: clock(60_000), when: ['on.level.under', 'on.level.warning'] },
  ],
  answers: {},
  scenarios: [
    {
      name: 'The alert at 80 %, then the limit reached',
      steps: [
        'LIMIT (a time limit of 1 minute a day)',
        'CLOCK (48 s of the 60 s played)',
        'CLOCK (the 60 s played)',
      ],
    },
  ],
};

const byId = (page: Page, id: string) => page.getByTestId(id);

/** Moves the page clock on in 5-second steps until `[data-testid=id]` says `pattern` (at most `ms`). */
async function playUntil(app: AppContext, id: string, pattern: RegExp, ms = 90_000) {
  for (let played = 0; played <= ms; played += 5_000) {
    const el = byId(app.page, id);
    if ((await el.isVisible()) && pattern.test((await el.textContent()) ?? '')) return;
    await app.page.clock.runFor(5_000);
    await app.page.waitForTimeout(30);
  }
  throw new Error(`the app did not say ${pattern} within ${ms / 1000} s of play`);
}

export const playTimeApp: AppMachine = {
  accountFor: () => 'timeLimit',
  appNote:
    'The session runs this machine for the signed-in player: LIMIT is the time limit of each profile read, and CLOCK is how the machine hears its heartbeats (every tab of the origin shares one clock). In the app each CLOCK step is the page clock moved on in 5-second steps until the app shows that level; the timeLimit test account has a limit of 1 minute a day. At 100 % this app stops offering bets until the next day (an operator’s choice).',
  focus: {
    off: 'login-screen',
    'on.level.under': 'profile',
    'on.level.warning': 'betting',
    'on.level.reached': 'betting',
  },
  says: {
    'CLOCK (48 s of the 60 s played)': /\d{1,2} s left of your daily play-time limit/,
    'CLOCK (the 60 s played)': /no more bets until the next day/,
  },
  start: async (app) => {
    await app.page.goto('/');
    await byId(app.page, 'login-form').waitFor({ state: 'visible' });
  },
  act: {
    'LIMIT (a time limit of 1 minute a day)': async (app) => {
      if (!app.account) throw new Error('no test account');
      await byId(app.page, 'login-input').fill(app.account.email);
      await byId(app.page, 'password-input').fill(app.account.password);
      await byId(app.page, 'login-submit').click();
    },
    'CLOCK (48 s of the 60 s played)': (app) => playUntil(app, 'time-alert', /s left/),
    'CLOCK (the 60 s played)': (app) => playUntil(app, 'time-alert', /reached/),
  },
  shows: {
    off: (app) => byId(app.page, 'login-form').waitFor({ state: 'visible' }),
    'on.clock.beating': (app) => byId(app.page, 'profile').waitFor({ state: 'visible' }),
    'on.level.under': async (app) => {
      await byId(app.page, 'profile').waitFor({ state: 'visible' });
      await byId(app.page, 'time-alert').waitFor({ state: 'hidden' });
    },
    'on.level.warning': (app) => byId(app.page, 'time-alert').waitFor({ state: 'visible' }),
    'on.level.reached': async (app) => {
      await byId(app.page, 'time-alert').waitFor({ state: 'visible' });
      await app.page.waitForFunction(() =>
        /no more bets/.test(document.querySelector('[data-testid="bet-status"]')?.textContent ?? ''),
      );
    },
  },
  requests: {},
  machineOnly: {},
};
