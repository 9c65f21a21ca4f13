// Severity: LOW (a listener called after it was unsubscribed).
// docs/bindings.md: "The listener is never called inside itself: a view that changes while it runs
// (it called `client.cancel()`) is shown once it has returned" — and `onSessionChange` returns the
// unsubscribe function ("then on each change" only while subscribed).
// What happens: review 86's catch-up loop (`show`, src/bindings/vanilla.ts) calls the listener again
// whenever the view changed while it ran, without asking whether the listener was unsubscribed
// meanwhile. A render that, on `signedOut`, tears its panel down (calls its unsubscribe) and then
// changes the view (clears an error / cancels a step) is called once more after it let go, on a
// torn-down panel (before review 86 the client's own listener set had dropped it: no call).
import { describe, expect, it } from 'vitest';
import { onSessionChange } from '../../src/bindings/vanilla';
import { fakeSessionClient } from '../bindings/fake-session';

describe('onSessionChange: a listener that unsubscribes inside itself', () => {
  it('is not called again after its unsubscribe, whatever it changed while it ran', () => {
    const client = fakeSessionClient({ status: 'twoFactorRequired', codeAttemptsLeft: 5 });
    const seen: string[] = [];
    let off: (() => void) | undefined;
    let unsubscribed = false;
    const after: string[] = [];
    off = onSessionChange(client, (view) => {
      if (unsubscribed) after.push(view.status);
      seen.push(view.status);
      if (view.status === 'signingIn') {
        off!(); // the panel is torn down
        unsubscribed = true;
        client.cancel(); // and the step it showed cancelled
      }
    });
    client.login({ login: 'player@example.com', password: 'Secret123!' } as never);
    expect(seen[0]).toBe('twoFactorRequired');
    expect(client.listeners()).toBe(0);
    expect(after).toEqual([]);
  });
});
