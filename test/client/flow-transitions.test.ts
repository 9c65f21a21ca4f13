// A flow's transitions in the session's statechart (issue 33, sizes): the tabs flow's verdicts are
// in a client's session only when the client takes the tabs flow, so a lean client carries none of
// their code. The verdicts themselves are exercised where the tabs flow is (test/walks, test/chaos).

import { describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createCustomPamClient, tabs } from '../../machines/index';
import { sessionCore, sessionMachine } from '../../machines/sessionMachine';
import { usePamClients } from '../support/clients';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const { keep } = usePamClients(ctx);

/** The events each state (by id) of a session machine has transitions for. */
function eventsOf(machine: typeof sessionCore): Record<string, string[]> {
  const ids = ['session', 'session.signedIn', 'session.signingOut'];
  return Object.fromEntries(ids.map((id) => [id, Object.keys(machine.getStateNodeById(id).on)]));
}

const client = (flows: Parameters<typeof createCustomPamClient>[0]['flows']) =>
  keep(createCustomPamClient({ baseURL: ctx.server.url, environment: { channel: null }, flows }));

describe("the tabs flow's transitions", () => {
  it('are in the session of a client with the tabs flow only', () => {
    const lean = eventsOf(sessionActorOf(client([])).logic as typeof sessionCore);
    const shared = eventsOf(sessionActorOf(client([tabs()])).logic as typeof sessionCore);
    for (const [id, event] of [
      ['session', 'ADOPT'],
      ['session', 'HEARD'],
      ['session.signedIn', 'ADOPT'],
      ['session.signedIn', 'ENDED_ELSEWHERE'],
      ['session.signingOut', 'ADOPT'],
    ] as const) {
      expect(lean[id]).not.toContain(event);
      expect(shared[id]).toContain(event);
    }
    // Everything else is the same session.
    const without = (events: string[]) =>
      events.filter((e) => !['ADOPT', 'HEARD', 'ENDED_ELSEWHERE'].includes(e));
    for (const id of Object.keys(lean)) expect(without(shared[id] ?? [])).toEqual(lean[id]);
  });

  it('are in sessionCore and sessionMachine, as before', () => {
    for (const machine of [sessionCore, sessionMachine as unknown as typeof sessionCore]) {
      const events = eventsOf(machine);
      expect(events.session).toEqual(expect.arrayContaining(['ADOPT', 'HEARD', 'TOKEN_REFRESHED']));
      expect(events['session.signedIn']).toEqual(expect.arrayContaining(['ADOPT', 'ENDED_ELSEWHERE']));
      expect(events['session.signingOut']).toContain('ADOPT');
    }
  });
});
