// Review 125: a client stopped while its restore asks the server whether a stored session is still
// live (its device clock calls it expired) goes on after `client.stop()`: the check's GET is sent
// again (the adapter's retry), its 15 s wait stays a timer, and the stopped client then clears the
// store. `restoreSession`'s `serverSaysLive` never hears the actor's signal.
import { describe, expect, it, vi } from 'vitest';
import { runLive } from './arbitraries';
import { advance, login, offline, reopen, stop } from './commands';
import { H, LiveWorld, S } from './world';

describe('review 125: the restore check after client.stop()', () => {
  it('model counterexample: nothing is sent by a client stopped during its restore check', async () => {
    // (Shrunk by fast-check from seed 3: the cleanup invariant fails on the last `advance`.)
    await runLive([
      login(0, 'plain', 'email', true),
      stop(0),
      stop(1),
      advance(12 * H),
      offline(true),
      reopen(1),
      stop(1),
      advance(S),
    ]);
  }, 60_000);

  it('leaves no timer and no request once stopped while the server check hangs', async () => {
    const w = new LiveWorld();
    try {
      const m = { stopped: [false, false] };
      w.open(0);
      await w.settle();
      await login(0, 'plain', 'email', true).run(m, w);
      w.stop(w.tabs[0]!);
      await w.advance(12 * H); // the token's announced 8 h are over on the device clock
      w.faults.push('hang');
      const tab = w.open(1);
      await w.settle();
      expect(tab.client.view.status).toBe('restoring');
      const sent = w.sent.length;
      const stored = w.storage.getItem('pam-client.session');
      w.stop(tab);
      await w.settle();
      expect(w.sent.slice(sent)).toEqual([]);
      expect.soft(w.sent.at(-1)?.got, 'the hung check was not aborted by the stop').toBe('net');
      expect
        .soft(vi.getTimerCount() - w.ownTimers - w.foreign.size, 'timers left after every client stopped')
        .toBe(0);
      await w.advance(30 * S);
      expect(w.storage.getItem('pam-client.session'), 'the stopped client wrote the store').toBe(stored);
    } finally {
      w.dispose();
    }
  }, 60_000);
});
