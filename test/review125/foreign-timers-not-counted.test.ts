// Helper 489 (the flake of a CI run): review125's liveness property failed once in CI on the EMPTY command list ("timers left
// after every client stopped ... expected 4 to be +0"). Cause: a harness problem. LiveWorld counts
// `vi.getTimerCount() - ownTimers`, i.e. EVERY timer on the process-wide fake clock, and the files
// of a worker share one process (`isolate: false`): real-clock work an earlier file left behind
// (here, as test/server/login-given-up.test.ts leaves it: a BFF revoke's detached resend, a real
// `setTimeout` at src/server/context.ts:318) fires while LiveWorld's fake timers are on; its
// upstream call arms its deadline (src/server/upstream.ts:295, 15 s) on LiveWorld's fake clock,
// and while that call is on the wire `finish` counts it as a client's. Deterministic here: the
// resend is held at the API until `finish` has counted. It failed while `finish` counted
// timers that were not its clients' (`LiveWorld.foreign` now).

import type { ServerResponse } from 'node:http';
import { expect, it } from 'vitest';
import { json, loginOk, pamFor, request, signIn, startHostile } from '../server/hostile';
import { turns, until } from '../support/event-loop';
import { checkLiveness, finish, settleAll } from './commands';
import { LiveWorld } from './world';

it('a BFF revoke resent by earlier work is not counted as a LiveWorld client timer', async () => {
  const api = await startHostile();
  const logouts: ServerResponse[] = [];
  api.handler = (req, res) => {
    if (req.url?.startsWith('/auth/logout')) {
      logouts.push(res);
      // The first send gets no verdict (503): the BFF resends it ~0.5 s later, detached, on the REAL clock.
      if (logouts.length === 1) json(res, 503, { message: 'down' });
      return; // the resend is held on the wire
    }
    json(res, 200, loginOk());
  };
  const pam = pamFor(api);
  const cookie = await signIn(pam);
  await (await pam.handle(request('/pam/auth/logout', { method: 'POST', cookie })))!.text();
  expect(logouts.length).toBe(1);

  // The "next file": LiveWorld's empty run (two tabs, settled, two minutes), fake timers on.
  const w = new LiveWorld();
  try {
    w.open(0);
    w.open(1);
    await w.settle();
    await settleAll(w);
    checkLiveness(w);
    // The revoke's real resend timer fires now; its call reaches the API and is held there.
    await until(() => logouts.length === 2, 'the BFF resent the revoke');
    await finish(w); // counted only the clients' timers (it failed: "expected 1 to be +0")
  } finally {
    // Real timers back, then a verdict for every held resend (the 7 h `finish` moved the fake clock
    // past the upstream deadline: the BFF may have sent it once more), then everything closed.
    w.dispose();
    await until(() => {
      for (const r of logouts) if (!r.headersSent) r.writeHead(204).end();
      return logouts.every((r) => r.writableFinished);
    }, 'the held revokes answered');
    await turns(20);
    await api.close();
  }
});
