// The signed-in screen, drawn from the session view: the profile, the restriction banner, the
// play-time alert, the deposit limit (current, pending), pause and self-exclusion (each confirmed
// first), the step-up prompt, the income report and logging out.
import type { PamClient, SessionView } from 'pam-client/machines';
import { onSessionChange } from 'pam-client/vanilla';
import { accountView } from '../shared/account';
import {
  EXCLUSION_MONTHS,
  exclusionLabel,
  LIMIT_PERIODS,
  PAUSE_DAYS,
  pauseLabel,
  problemLines,
  SELF_EXCLUSION_PLATFORM_URL,
} from '../shared/app';
import { rg } from './client';
import { field, h, showLines } from './dom';
import { mountReport } from './report';
import { mountStepUp } from './step-up';

export function mountAccount(root: HTMLElement, client: PamClient): () => void {
  let left = false; // answers after leaving the screen are not shown

  // Profile
  const name = h('dd', { 'data-testid': 'profile-name' }, '…');
  const email = h('dd', { 'data-testid': 'profile-email' }, '…');
  const logout = h('button', { type: 'button', class: 'secondary', 'data-testid': 'logout' }, 'Log out');
  const profile = h(
    'section',
    { 'data-testid': 'profile' },
    h('header', {}, h('h2', {}, 'Profile'), logout),
    h('dl', {}, h('dt', {}, 'Name'), name, h('dt', {}, 'E-mail'), email),
  );

  // Restrictions in force / pending, and the play-time alert
  const bannerList = h('ul', {});
  const banner = h(
    'section',
    { class: 'card banner', role: 'status', hidden: true, 'data-testid': 'restriction-banner' },
    h('h2', {}, 'Restrictions'),
    bannerList,
    h(
      'p',
      {},
      'Self-exclusion from every licensed operator: ',
      h('a', { href: SELF_EXCLUSION_PLATFORM_URL, target: '_blank', rel: 'noopener' }, 'the SPA platform'),
      '.',
    ),
  );
  const timeAlert = h('p', { class: 'notice', role: 'alert', hidden: true, 'data-testid': 'time-alert' });

  // Deposit limit
  const current = h('strong', { 'data-testid': 'deposit-limit' }, '…');
  const pending = h('p', { hidden: true, 'data-testid': 'deposit-pending' });
  const amount = h('input', {
    type: 'number',
    min: 0,
    step: 'any',
    required: true,
    'data-testid': 'limit-amount',
  });
  const period = h(
    'select',
    { 'data-testid': 'limit-period' },
    ...LIMIT_PERIODS.map((p) => h('option', { value: p }, p)),
  );
  const save = h('button', { type: 'submit', 'data-testid': 'limit-submit' }, 'Save limit');
  const limitErrors = h('ul', { class: 'errors', role: 'alert', 'data-testid': 'limit-errors' });
  const saved = h('p', { class: 'notice', role: 'status', 'data-testid': 'limit-saved' });
  const limits = h(
    'form',
    { class: 'card', novalidate: true, 'data-testid': 'limits-form' },
    h('h2', {}, 'Responsible gaming'),
    h('p', {}, 'Current deposit limit: ', current),
    pending,
    h('div', { class: 'row' }, field('Deposit limit (BRL)', amount), field('Period', period), save),
    limitErrors,
    saved,
  );

  // Pause and self-exclusion, each with a confirmation step
  const pauseDays = h(
    'select',
    { 'data-testid': 'pause-days' },
    ...PAUSE_DAYS.map((d) => h('option', { value: d }, pauseLabel(d))),
  );
  const exclusion = h(
    'select',
    { 'data-testid': 'exclusion-months' },
    ...EXCLUSION_MONTHS.map((m) => h('option', { value: m }, exclusionLabel(m))),
  );
  const pauseButton = h('button', { type: 'button', 'data-testid': 'pause-submit' }, 'Pause my account');
  const excludeButton = h(
    'button',
    { type: 'button', class: 'danger', 'data-testid': 'exclusion-submit' },
    'Exclude me',
  );
  const confirmText = h('p', { 'data-testid': 'confirm-text' });
  const confirmYes = h(
    'button',
    { type: 'button', class: 'danger', 'data-testid': 'confirm-yes' },
    'Yes, I confirm',
  );
  const confirmNo = h(
    'button',
    { type: 'button', class: 'secondary', 'data-testid': 'confirm-no' },
    'Cancel',
  );
  const confirm = h(
    'div',
    { class: 'notice', hidden: true, 'data-testid': 'confirm' },
    confirmText,
    h('div', { class: 'row' }, confirmYes, confirmNo),
  );
  const breakErrors = h('ul', { class: 'errors', role: 'alert', 'data-testid': 'break-errors' });
  const breakSaved = h('p', { class: 'notice', role: 'status', 'data-testid': 'break-saved' });
  const breaks = h(
    'section',
    { class: 'card', 'data-testid': 'breaks' },
    h('h2', {}, 'Take a break'),
    h('div', { class: 'row' }, field('Pause for', pauseDays), pauseButton),
    h('div', { class: 'row' }, field('Self-exclusion', exclusion), excludeButton),
    confirm,
    breakErrors,
    breakSaved,
  );

  const stepUp = h('div', {});
  const report = h('section', { 'data-testid': 'report' });
  root.append(profile, banner, timeAlert, limits, breaks, stepUp, report);
  const unmountStepUp = mountStepUp(stepUp);
  const unmountReport = mountReport(report, client);

  limits.addEventListener('submit', async (event) => {
    event.preventDefault();
    save.disabled = true;
    saved.textContent = '';
    try {
      await rg.saveDepositLimit(amount.value, period.value);
      if (left) return;
      showLines(limitErrors, []);
      saved.textContent = 'Limit saved.';
    } catch (error) {
      if (!left) showLines(limitErrors, problemLines(error));
    } finally {
      save.disabled = false;
    }
  });

  let confirmed: (() => Promise<unknown>) | null = null;
  const ask = (text: string, run: () => Promise<unknown>) => {
    confirmText.textContent = text;
    confirmed = run;
    confirm.hidden = false;
    breakSaved.textContent = '';
  };
  pauseButton.addEventListener('click', () => {
    const days = Number(pauseDays.value);
    ask(`Pause your account for ${pauseLabel(days)}? You cannot bet until it ends.`, () => rg.pause(days));
  });
  excludeButton.addEventListener('click', () => {
    const months = Number(exclusion.value);
    ask(`Exclude yourself ${exclusionLabel(months)}? This cannot be undone from here.`, () =>
      rg.selfExclude(months),
    );
  });
  confirmNo.addEventListener('click', () => {
    confirm.hidden = true;
    confirmed = null;
  });
  confirmYes.addEventListener('click', async () => {
    const run = confirmed;
    confirm.hidden = true;
    confirmed = null;
    if (!run) return;
    try {
      await run();
      if (left) return;
      showLines(breakErrors, []);
      breakSaved.textContent = 'Saved.';
    } catch (error) {
      if (!left) showLines(breakErrors, problemLines(error));
    }
  });

  logout.addEventListener('click', () => {
    logout.disabled = true;
    client.logout();
  });

  const render = (view: SessionView) => {
    const shown = accountView(view);
    name.textContent = shown.name;
    email.textContent = shown.email;
    banner.hidden = shown.restrictions.length === 0;
    bannerList.replaceChildren(
      ...shown.restrictions.map((l) =>
        h('li', { 'data-kind': l.kind }, l.text, l.note ? h('q', {}, l.note) : null),
      ),
    );
    timeAlert.hidden = !shown.timeAlert;
    timeAlert.textContent = shown.timeAlert?.text ?? '';
    current.textContent = shown.depositLimit;
    pending.hidden = !shown.depositPending;
    pending.textContent = shown.depositPending ?? '';
    if (shown.depositPeriod && document.activeElement !== period) period.value = shown.depositPeriod;
  };
  const stop = onSessionChange(client, render);

  return () => {
    left = true;
    stop();
    unmountStepUp();
    unmountReport();
  };
}
