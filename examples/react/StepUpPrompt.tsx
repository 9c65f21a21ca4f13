// Shown while a sensitive change waits for the player's current password (uncontrolled, read at
// submit, boxed by the prompt).
import { type FormEvent, useEffect, useRef, useSyncExternalStore } from 'react';
import { stepUp } from './client';

const subscribe = (onChange: () => void) => {
  let first = true; // the prompt calls at once on subscribe: not a change
  return stepUp.subscribe(() => {
    if (first) first = false;
    else onChange();
  });
};

export function StepUpPrompt() {
  const state = useSyncExternalStore(subscribe, stepUp.get, stepUp.get);
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => () => stepUp.dismiss(), []);
  if (!state.asking) return null;

  function confirm(event: FormEvent) {
    event.preventDefault();
    const typed = password.current!.value;
    password.current!.value = '';
    stepUp.answer(typed);
  }
  return (
    <form className="card" data-testid="step-up" onSubmit={confirm}>
      <h2>Confirm your password</h2>
      <p data-testid="step-up-reason">{state.message}</p>
      <label>
        Current password{' '}
        <input
          ref={password}
          name="password"
          type="password"
          autoComplete="current-password"
          data-testid="step-up-password"
        />
      </label>
      <div className="row">
        <button type="submit" data-testid="step-up-submit">
          Confirm
        </button>
        <button
          type="button"
          className="secondary"
          data-testid="step-up-cancel"
          onClick={() => stepUp.dismiss()}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
