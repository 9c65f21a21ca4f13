import { describe, expect, it } from 'vitest';
import { funnelEvents, operatorPreset } from '../../machines/index';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { recordFunnel } from './record';

// S-8: a change waiting on the app's `onStepUp` prompt (a dialog unmounted by the logout's route
// change, never answered) never settled once its login ended: no stepUp outcome, its span open.
// Now the wait ends with the login: the change rejects `aborted`, nothing more is sent, and the
// funnel tells `stepUp.abandoned` (`loginEnded`), whether the player signs in again or not.

const ctx = useReferenceServer({ reportStepMs: 0 });
const { client, signIn } = usePamClients(ctx);

describe('a change waiting on the step-up prompt when its login ends (S-8)', () => {
  for (const again of [false, true])
    it(`logout${again ? ', then a login again' : ''}: the change ends aborted, stepUp.abandoned (loginEnded)`, async () => {
      let asked = 0;
      const c = client({
        onStepUp: () => {
          asked++;
          return new Promise<string>(() => {}); // never answered
        },
        flows: funnelEvents(operatorPreset()),
      });
      const funnel = recordFunnel(c);
      await signIn(c);
      const change = c.user.updateEmail({ email: 'ana.new@example.com' });
      const outcome = change.then(
        () => 'resolved',
        (e: { code?: string }) => e.code,
      );
      await until(() => asked === 1, 'prompt asked');
      const sent = ctx.server.requests.length;
      c.logout();
      if (again) await signIn(c);
      else await until(() => c.view.status === 'signedOut', 'signed out');
      expect(await outcome).toBe('aborted');
      const steps = funnel.filter((e) => e.type.startsWith('stepUp.'));
      expect(steps.map((e) => e.type)).toEqual(['stepUp.started', 'stepUp.abandoned']);
      expect(steps[1]).toMatchObject({
        change: 'email',
        reason: 'loginEnded',
        run: (steps[0] as { run: number }).run,
      });
      // (The change's real path is /bff/users/self-email: any path naming email counts.)
      expect(ctx.server.requests.slice(sent).filter((r) => r.path.includes('email'))).toEqual([]);
    });
});
