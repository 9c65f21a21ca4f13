// The step-up prompt: shown while a sensitive change waits for the player's current password.
import { stepUp } from './client';
import { field, h } from './dom';

export function mountStepUp(root: HTMLElement): () => void {
  const password = h('input', {
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    'data-testid': 'step-up-password',
  });
  const reason = h('p', { 'data-testid': 'step-up-reason' });
  const send = h('button', { type: 'submit', 'data-testid': 'step-up-submit' }, 'Confirm');
  const cancel = h(
    'button',
    { type: 'button', class: 'secondary', 'data-testid': 'step-up-cancel' },
    'Cancel',
  );
  const form = h(
    'form',
    { class: 'card', hidden: true, 'data-testid': 'step-up' },
    h('h2', {}, 'Confirm your password'),
    reason,
    field('Current password', password),
    h('div', { class: 'row' }, send, cancel),
  );
  root.append(form);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const typed = password.value;
    password.value = '';
    stepUp.answer(typed);
  });
  cancel.addEventListener('click', () => stepUp.dismiss());
  const stop = stepUp.subscribe((state) => {
    form.hidden = !state.asking;
    reason.textContent = state.message;
    if (state.asking) password.focus();
  });
  return () => {
    stop();
    stepUp.dismiss();
  };
}
