// The signed-in screen, drawn from the session view: the profile, the SPA notice, the restriction
// banner, the play-time alert, whether bets are offered and why not, the limits (the mandatory
// loss and time limits first; current, pending), pause and self-exclusion (each confirmed first;
// hidden once they no longer apply), the step-up prompt, the income report and logging out.
import type { PamClient, SessionView } from 'pam-client/machines';
import { onSessionChange } from 'pam-client/vanilla';
import { accountView } from '../shared/account';
import { STANDING_WORDS, standingOf } from '../shared/standing';
import { breaksSection } from './breaks';
import { h } from './dom';
import { limitForm } from './limits';
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
  );
  const timeAlert = h('p', { class: 'notice', role: 'alert', hidden: true, 'data-testid': 'time-alert' });

  // Where the player stands: bets offered or not and why; the SPA notice; the money's notice.
  const betLine = h('p', { 'data-testid': 'bet-status' });
  const freshness = h('p', { class: 'muted', hidden: true, 'data-testid': 'restrictions-freshness' });
  const placeBet = h('button', { type: 'button', 'data-testid': 'bet-place' }, STANDING_WORDS.placeBet);
  const betting = h(
    'section',
    { class: 'card', 'data-testid': 'betting' },
    h('h2', {}, 'Bets'),
    timeAlert,
    betLine,
    freshness,
    placeBet,
  );
  const spaNotice = h(
    'section',
    { class: 'card banner', role: 'alert', hidden: true, 'data-testid': 'spa-notice' },
    h('h2', {}, STANDING_WORDS.spaTitle),
    ...STANDING_WORDS.spaLines.map((line) => h('p', {}, line)),
  );
  const moneyNotice = h('p', { class: 'notice', hidden: true, 'data-testid': 'money-notice' });

  // Limits: the mandatory ones (loss, time) asked first while missing, then the deposit limit.
  const isLeft = () => left;
  const forms = (['loss', 'time', 'deposit'] as const).map((kind) => limitForm(kind, isLeft));
  const mandatory = h(
    'p',
    { class: 'warning', hidden: true, 'data-testid': 'mandatory-limits' },
    'Before you play, set a loss limit and a play-time limit: every player must have both.',
  );
  const limits = h(
    'section',
    { class: 'card', 'data-testid': 'limits' },
    h('h2', {}, 'Responsible gaming'),
    mandatory,
    ...forms.map((f) => f.form),
  );
  const breaks = breaksSection(isLeft);

  const stepUp = h('div', {});
  const report = h('section', { 'data-testid': 'report' });
  root.append(profile, spaNotice, banner, moneyNotice, betting, limits, breaks, stepUp, report);
  const unmountStepUp = mountStepUp(stepUp);
  const unmountReport = mountReport(report, client);

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
    const standing = standingOf(view);
    betLine.textContent = standing.text;
    betLine.className = standing.canBet ? 'notice' : 'warning';
    placeBet.disabled = !standing.canBet;
    freshness.hidden = standing.freshness === null;
    freshness.textContent = standing.freshness ?? '';
    spaNotice.hidden = !standing.spaBarred;
    moneyNotice.hidden = standing.moneyNotice === null;
    moneyNotice.textContent = standing.moneyNotice ?? '';
    const missing = view.restrictions?.missingMandatoryLimits ?? [];
    mandatory.hidden = missing.length === 0 || !standing.offersLimits;
    limits.hidden = !standing.offersLimits;
    breaks.hidden = !standing.offersBreaks;
    for (const f of forms) f.render(view);
  };
  const stop = onSessionChange(client, render);

  return () => {
    left = true;
    stop();
    unmountStepUp();
    unmountReport();
  };
}
