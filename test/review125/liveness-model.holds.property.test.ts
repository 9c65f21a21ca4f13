// Review 125: the whole `createPamClient` session (two tabs, one store) under generated sequences
// (Defaults: stepClock left out, its one defect is ./adopted-after-step.defect.test.ts; REV125_WITHOUT= to add it.)
// of logins (e-mail/CPF, right/wrong), 2FA codes, cancels, logouts, one-call faults (late, 5xx,
// 401, closed socket, hang), sleep/wake, hours passing, offline, stops and reloads. Checked: no
// transient state forever, the view agrees with the store, every call answered, refreshes in
// budget, nothing sent and no timer left after stop.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { runLive, sequences } from './arbitraries';

const SEED = Number(process.env.REV125_SEED ?? 125);
const RUNS = Number(process.env.REV125_RUNS ?? 60);
const WITHOUT = (process.env.REV125_WITHOUT ?? 'stepClock').split(',').filter(Boolean);

describe('review 125: liveness and cleanup of the session', () => {
  it('keeps every liveness invariant over generated sequences', async () => {
    await fc.assert(
      fc.asyncProperty(sequences(Number(process.env.REV125_LEN ?? 25), WITHOUT), (cmds) => runLive(cmds)),
      { seed: SEED, numRuns: RUNS, endOnFailure: false },
    );
  }, 600_000);
});
