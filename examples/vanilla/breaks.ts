// Pause and self-exclusion, each confirmed first. A self-exclusion cannot be undone from the site:
// its confirmation says so, in the danger colour, with a button that names what it does.
import {
  confirmExclusionText,
  confirmPauseText,
  EXCLUSION_MONTHS,
  exclusionLabel,
  PAUSE_DAYS,
  pauseLabel,
  problemLines,
} from '../shared/app';
import { rg } from './client';
import { field, h, showLines } from './dom';

export function breaksSection(isLeft: () => boolean): HTMLElement {
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
  const confirmTitle = h('strong', { 'data-testid': 'confirm-title' });
  const confirmText = h('p', { 'data-testid': 'confirm-text' });
  const confirmYes = h('button', { type: 'button', class: 'danger', 'data-testid': 'confirm-yes' });
  const confirmNo = h(
    'button',
    { type: 'button', class: 'secondary', 'data-testid': 'confirm-no' },
    'Cancel',
  );
  const confirm = h(
    'div',
    { class: 'notice', role: 'alertdialog', hidden: true, 'data-testid': 'confirm' },
    confirmTitle,
    confirmText,
    h('div', { class: 'row' }, confirmYes, confirmNo),
  );
  const breakErrors = h('ul', { class: 'errors', role: 'alert', 'data-testid': 'break-errors' });
  const breakSaved = h('p', { class: 'notice', role: 'status', 'data-testid': 'break-saved' });
  const section = h(
    'section',
    { class: 'card', 'data-testid': 'breaks' },
    h('h2', {}, 'Take a break'),
    h('div', { class: 'row' }, field('Pause for', pauseDays), pauseButton),
    h('div', { class: 'row' }, field('Self-exclusion', exclusion), excludeButton),
    confirm,
    breakErrors,
    breakSaved,
  );

  let confirmed: (() => Promise<unknown>) | null = null;
  const ask = (
    how: { title: string; text: string; yes: string; irreversible: boolean },
    run: () => Promise<unknown>,
  ) => {
    confirmTitle.textContent = how.title;
    confirmText.textContent = how.text;
    confirmYes.textContent = how.yes;
    confirm.className = how.irreversible ? 'notice irreversible' : 'warning';
    confirmed = run;
    confirm.hidden = false;
    breakSaved.textContent = '';
  };
  pauseButton.addEventListener('click', () => {
    const days = Number(pauseDays.value);
    ask(
      { title: 'Pause', text: confirmPauseText(days), yes: 'Yes, pause my account', irreversible: false },
      () => rg.pause(days),
    );
  });
  excludeButton.addEventListener('click', () => {
    const months = Number(exclusion.value);
    ask(
      {
        title: 'This cannot be undone',
        text: confirmExclusionText(months),
        yes: months === -1 ? 'Yes, exclude me indefinitely' : `Yes, exclude me ${exclusionLabel(months)}`,
        irreversible: true,
      },
      () => rg.selfExclude(months),
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
      if (isLeft()) return;
      showLines(breakErrors, []);
      breakSaved.textContent = 'Saved.';
    } catch (error) {
      if (!isLeft()) showLines(breakErrors, problemLines(error));
    }
  });
  return section;
}
