// The signed-in view: profile, the deposit limit, the income report and logging out.
import type { UserProfileResponse } from 'pam-client';
import type { PamClient } from 'pam-client/machines';
import { depositLimitPayload, depositLimitText, errorLines, LIMIT_PERIODS } from '../shared/app';
import { field, h, showLines } from './dom';
import { mountReport } from './report';

export function mountAccount(root: HTMLElement, client: PamClient): () => void {
  const controller = new AbortController(); // leaving the view aborts its requests
  const { signal } = controller;

  // Profile
  const name = h('dd', { 'data-testid': 'profile-name' }, '…');
  const email = h('dd', { 'data-testid': 'profile-email' }, '…');
  const profileErrors = h('ul', { class: 'errors', role: 'alert' });
  const logout = h('button', { type: 'button', class: 'secondary', 'data-testid': 'logout' }, 'Log out');
  const profile = h(
    'section',
    { 'data-testid': 'profile' },
    h('header', {}, h('h2', {}, 'Profile'), logout),
    h('dl', {}, h('dt', {}, 'Name'), name, h('dt', {}, 'E-mail'), email),
    profileErrors,
  );

  // Responsible gaming: the deposit limit
  const current = h('strong', { 'data-testid': 'deposit-limit' }, '…');
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
    h('div', { class: 'row' }, field('Deposit limit (BRL)', amount), field('Period', period), save),
    limitErrors,
    saved,
  );

  const report = h('section', { 'data-testid': 'report' });
  root.append(profile, limits, report);
  const unmountReport = mountReport(report, client);

  function showProfile({ user, userInfo }: UserProfileResponse) {
    name.textContent = user.name || [user.first_name, user.last_name].filter(Boolean).join(' ') || '—';
    email.textContent = user.email ?? '—';
    current.textContent = depositLimitText(userInfo) ?? 'none';
  }

  async function loadProfile() {
    try {
      showProfile(await client.auth.getUserProfile({ signal }));
      showLines(profileErrors, []);
    } catch (error) {
      if (!signal.aborted) showLines(profileErrors, errorLines(error));
    }
  }

  limits.addEventListener('submit', async (event) => {
    event.preventDefault();
    save.disabled = true;
    saved.textContent = '';
    try {
      await client.user.updateLimits(depositLimitPayload(amount.value, period.value), { signal });
      showLines(limitErrors, []);
      saved.textContent = 'Limit saved.';
      await loadProfile(); // the profile's userInfo is where the limit shows
    } catch (error) {
      if (!signal.aborted) showLines(limitErrors, errorLines(error));
    } finally {
      save.disabled = false;
    }
  });

  logout.addEventListener('click', () => {
    logout.disabled = true;
    client.logout();
  });

  void loadProfile();
  return () => {
    controller.abort();
    unmountReport();
  };
}
