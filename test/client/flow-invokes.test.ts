// The profile and play-time flows' parts of the session's statechart (issue 33, sizes): their
// children while signed in and the transitions only they need come with the flows (`profile()`,
// `playTime()`), so a lean client's session has none of them. And a session with one of the two
// runs without the other's child: a wake-up, a profile read, the time limit it carries.

import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createCustomPamClient, playTime, profile, tabs } from '../../machines/index';
import { sessionCore, sessionMachine } from '../../machines/sessionMachine';
import { usePamClients } from '../support/clients';
import { turns, until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const { keep } = usePamClients(ctx);

type Machine = typeof sessionCore;

/** The signed-in state's children (by id) and the events it has transitions for. */
function signedInOf(machine: Machine) {
  const node = machine.getStateNodeById('session.signedIn');
  return { children: node.invoke.map((i) => i.id), events: Object.keys(node.on) };
}

// The profile flow's, then play time's (each child's snapshots are its `xstate.snapshot.*` events).
const PROFILE_EVENTS = ['PROFILE_LOADED', 'PROFILE_CHANGED', 'xstate.snapshot.profile'];
const PLAY_TIME_EVENTS = ['PLAY_TIME_ALERT', 'xstate.snapshot.playTime'];
const FLOW_EVENTS = [...PROFILE_EVENTS, ...PLAY_TIME_EVENTS];

/** A client of the reference server with `flows`, waking up when the test says. */
function client(flows: Parameters<typeof createCustomPamClient>[0]['flows']) {
  const focus = new Set<() => void>();
  const c = keep(
    createCustomPamClient({
      baseURL: ctx.server.url,
      timeout: REAL_TIME_TIMEOUT_MS,
      storage: createMemoryTokenStore(),
      environment: {
        channel: null,
        focus: {
          onFocus: (fn: () => void) => {
            focus.add(fn);
            return () => focus.delete(fn);
          },
        },
      },
      flows,
    }),
  );
  const wake = () => {
    for (const fn of [...focus]) fn();
  };
  return { c, wake, machine: () => sessionActorOf(c).logic as Machine };
}

describe("the profile and play-time flows' parts of the session", () => {
  it('are in the session of a client with the flow only', () => {
    const lean = signedInOf(client([]).machine());
    expect(lean.children).toEqual(['refresh']);
    for (const event of FLOW_EVENTS) expect(lean.events).not.toContain(event);

    const withProfile = signedInOf(client([profile()]).machine());
    expect(withProfile.children).toEqual(['refresh', 'profile']);
    expect(withProfile.events.filter((e) => FLOW_EVENTS.includes(e))).toEqual(PROFILE_EVENTS);

    const withPlayTime = signedInOf(client([playTime()]).machine());
    expect(withPlayTime.children).toEqual(['refresh', 'playTime']);
    expect(withPlayTime.events.filter((e) => FLOW_EVENTS.includes(e))).toEqual(PLAY_TIME_EVENTS);

    // Everything else is the same signed-in state.
    const without = (events: string[]) => events.filter((e) => !FLOW_EVENTS.includes(e));
    expect(without(withProfile.events)).toEqual(lean.events);
    expect(without(withPlayTime.events)).toEqual(lean.events);
  });

  it('are in sessionCore and sessionMachine, and in the preset, in the order the diagrams draw', () => {
    const preset = client([tabs(), profile(), playTime()]).machine();
    for (const machine of [sessionCore, sessionMachine as unknown as Machine, preset]) {
      const { children, events } = signedInOf(machine);
      expect(children).toEqual(['refresh', 'profile', 'playTime']);
      expect(events.filter((e) => FLOW_EVENTS.includes(e) || e === 'LOGOUT')).toEqual([
        'PROFILE_LOADED',
        'PROFILE_CHANGED',
        'PLAY_TIME_ALERT',
        'LOGOUT',
        'xstate.snapshot.profile',
        'xstate.snapshot.playTime',
      ]);
    }
  });

  it('a lean session takes a wake-up while signed in (no child of a flow to tell)', async () => {
    const { c, wake } = client([]);
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await until(() => c.view.status === 'signedIn');
    wake();
    wake();
    await turns();
    expect(sessionActorOf(c).getSnapshot().status).toBe('active');
    expect(c.view).toMatchObject({ status: 'signedIn', error: null, restrictions: null, playTime: null });
  });

  it('a session with the profile flow and no play time takes the profile read (its time limit told to no child)', async () => {
    const { c, wake } = client([profile()]);
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await until(() => c.view.restrictions?.status === 'current');
    wake();
    await turns();
    expect(sessionActorOf(c).getSnapshot().status).toBe('active');
    expect(c.view).toMatchObject({ status: 'signedIn', error: null, playTime: null });
    expect(c.view.restrictions?.status).toBe('current');
  });
});
