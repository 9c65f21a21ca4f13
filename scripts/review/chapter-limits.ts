// The chapter's limit scenarios (issue 30 items 7 to 9): the mandatory limits asked at
// onboarding, a deposit limit made looser (it waits, and says until when) or stricter, a time
// limit set and changed, play time reaching 80 % and 100 %, and the income report downloaded.

import { readFile } from 'node:fs/promises';
import {
  answerPassword,
  byId,
  type ChapterScenario,
  contains,
  hidden,
  logIn,
  play,
  setLimit,
  signedIn,
} from './chapter-steps';

export const LIMIT_SCENARIOS: ChapterScenario[] = [
  {
    id: 'mandatory-limits',
    title: 'The mandatory limits asked at onboarding',
    rule: "Every player must have a loss limit and a time limit: while either is missing the app asks for both first and offers no bets. Setting a limit where there was none is stricter, so it applies at once. Source: the mandatory limits: Portaria SPA/MF nº 2.579/2025 (docs/responsible-gaming.md); no bets until they are set: operator's choice.",
    account: 'plain',
    async run(page, seed, snap) {
      await logIn(page, seed.plain.email, seed.plain.password);
      await signedIn(page);
      await byId(page, 'mandatory-limits').waitFor({ state: 'visible' });
      await contains(page, 'bet-status', /loss and time limits/);
      await snap('First login: the app asks for a loss limit and a play-time limit.', 'limits');
      await setLimit(page, 'loss', '500', 'monthly');
      await contains(page, 'loss-limit', /500/);
      await setLimit(page, 'time', '120', 'daily');
      await contains(page, 'time-limit', /120 min/);
      await hidden(page, 'mandatory-limits');
      await snap('Both set: each in force at once.', 'limits');
      await contains(page, 'bet-status', /You can place bets/);
      await snap('Bets are offered now.', 'betting');
    },
  },
  {
    id: 'looser-limit',
    title: 'A looser deposit limit waits 24 hours',
    rule: "Raising a deposit limit (looser) asks for the current password and takes effect after 24 hours: until then the limit in force holds, and the app says the date the new one takes effect. Source: this library's default, as the reference server does it (docs/responsible-gaming.md, 'Limits': whether the SPA requires a wait is not in the text we found; to be confirmed by compliance).",
    account: 'pendingLimit',
    async run(page, seed, snap) {
      await logIn(page, seed.pendingLimit.email, seed.pendingLimit.password);
      await signedIn(page);
      await snap('The deposit limit in force, and a change already pending with its date.', 'limits-form');
      await setLimit(page, 'deposit', '800', 'daily');
      await answerPassword(page, seed.pendingLimit.password, snap);
      await contains(page, 'deposit-pending', /800/);
      await contains(page, 'limit-saved', /takes effect on .*20\d\d/);
      await snap('Saved as pending: it says from when; until then the limit in force holds.', 'limits-form');
    },
  },
  {
    id: 'stricter-limit',
    title: 'A stricter deposit limit applies at once',
    rule: "Lowering a deposit limit (stricter) applies at once, with no password asked. Source: this library's default (docs/responsible-gaming.md, 'Limits'; compareLimit decides stricter or looser by proof).",
    account: 'pendingLimit',
    async run(page, seed, snap) {
      await logIn(page, seed.pendingLimit.email, seed.pendingLimit.password);
      await signedIn(page);
      await setLimit(page, 'deposit', '50', 'daily');
      await contains(page, 'deposit-limit', /50/);
      await contains(page, 'limit-saved', /in force now/);
      await snap('The new limit is in force at once.', 'limits-form');
    },
  },
  {
    id: 'time-limit',
    title: 'A play-time limit set, then changed',
    rule: "A play-time limit is set and changed like the deposit limit: a stricter one (or a first one) at once, a looser one after the password and 24 hours. Source: time limits: Portaria SPA/MF nº 1.231/2024 and nº 2.579/2025 (docs/responsible-gaming.md); the wait and the password: this library's default.",
    account: 'plain',
    async run(page, seed, snap) {
      await logIn(page, seed.plain.email, seed.plain.password);
      await signedIn(page);
      await setLimit(page, 'time', '60', 'daily');
      await contains(page, 'time-limit', /60 min per day/);
      await snap('A first limit of 60 minutes a day: in force at once.', 'time-limit-form');
      await setLimit(page, 'time', '90', 'daily');
      await answerPassword(page, seed.plain.password, snap);
      await contains(page, 'time-pending', /90 min/);
      await contains(page, 'time-limit-saved', /takes effect on/);
      await snap('90 minutes is looser: it waits, and says from when.', 'time-limit-form');
    },
  },
  {
    id: 'play-time',
    title: 'Play time reaches 80 % and 100 % of the limit',
    rule: "With a daily play-time limit the player is alerted at 80 % of it (the time left to the second under a minute) and at 100 %; only signed-in, awake time counts. At 100 % this app offers no more bets until the next day (the library's canBet keeps its meaning: restrictions only). Source: the alerts: Portaria SPA/MF nº 2.579/2025 (docs/responsible-gaming.md); 80 %: this library's default (warnAt); no bets until the next day: operator's choice. Here a 1-minute limit, the page clock moved on.",
    account: 'timeLimit',
    async run(page, seed, snap) {
      await logIn(page, seed.timeLimit.email, seed.timeLimit.password);
      await signedIn(page);
      await snap('Signed in with a 1-minute daily limit: nothing to say yet.', 'profile');
      await play(page, 50_000);
      await byId(page, 'time-alert').waitFor({ state: 'visible' });
      await contains(page, 'time-alert', /^\d{1,2} s left/);
      await snap('About 80 % played: the first alert, with the seconds left.', 'time-alert');
      await play(page, 20_000);
      await contains(page, 'time-alert', /reached/);
      await snap('The limit is reached: the second alert.', 'time-alert');
      await contains(page, 'bet-status', /no more bets until the next day/);
      await snap('No more bets offered until the next day.', 'betting');
    },
  },
  {
    id: 'report-download',
    title: 'The income report, downloaded',
    rule: "The income report is generated, followed until it is ready, and downloaded with the player's token (a plain link would answer 401); the file is saved on the player's device. Source: the service's income report (spec); the rule that requires it: to be confirmed by compliance.",
    account: 'plain',
    async run(page, seed, snap) {
      await logIn(page, seed.plain.email, seed.plain.password);
      await signedIn(page);
      await byId(page, 'report-generate').waitFor({ state: 'visible' });
      await page.waitForFunction(
        () => !(document.querySelector('[data-testid="report-generate"]') as HTMLButtonElement).disabled,
      );
      await byId(page, 'report-year').selectOption('2025');
      await byId(page, 'report-delivery').selectOption('download');
      await byId(page, 'report-generate').click();
      for (let i = 0; i < 40; i++) {
        await page.clock.runFor(1_000);
        await page.waitForTimeout(150);
        if ((await byId(page, 'report-status').textContent()) === 'completed') break;
      }
      await contains(page, 'report-status', /^completed$/);
      await snap('The report is ready.', 'report');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        byId(page, 'report-download').click(),
      ]);
      const file = await download.path();
      const bytes = (await readFile(file)).length;
      if (bytes === 0) throw new Error('the downloaded report is empty');
      await snap(
        `Downloaded: ${download.suggestedFilename()} (${bytes} bytes) saved on the device.`,
        'report',
      );
    },
  },
];
