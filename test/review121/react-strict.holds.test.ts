// REVIEW121 probes (hold): pam-client/react in a real React 19 root (react-dom/client in Node, no
// DOM: the components render null, ./react-host.ts) under StrictMode's double mount.
// - useSession: one listener while mounted, none after unmount; stable snapshots (React's
//   "getSnapshot should be cached" check never fires, no update loop).
// - useSelector with an inline selector building a new object and a `compare`: the rendered value
//   keeps its identity while the compared part is unchanged; no render on an unrelated change.
// - useActor(logic): one live actor after the double mount, the SUBMIT reaches it, unmount stops it
//   and aborts its request; useActor(running actor): no subscription left.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { useActor, useSelector, useSession } from '../../src/bindings/react';
import { fakeSessionClient } from '../bindings/fake-session';
import { counterMachine, countingRef, fakeAuth } from '../bindings/fixtures';
import { turns } from '../support/event-loop';
import { inAct, mount } from './react-host';

const errors: unknown[][] = [];
afterEach(() => {
  errors.length = 0;
});
const watchConsole = () => vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));

describe('pam-client/react under StrictMode', () => {
  it('useSession: one listener while mounted, none after; no uncached-snapshot warning', async () => {
    watchConsole();
    const client = fakeSessionClient();
    const seen: string[] = [];
    const m = await mount(() => {
      seen.push(useSession(client).status);
      return null;
    }, true);
    expect(client.listeners()).toBe(1);
    await inAct(() => client.set({ status: 'signingIn' }));
    await inAct(() => client.set({ status: 'twoFactorRequired', codeAttemptsLeft: 3 }));
    expect(seen.at(-1)).toBe('twoFactorRequired');
    // StrictMode renders twice per update: a bounded number of renders, no loop.
    expect(seen.length).toBeLessThanOrEqual(6);
    await m.unmount();
    expect(client.listeners()).toBe(0);
    expect(errors.map((e) => String(e[0]))).toEqual([]);
  });

  it('useSelector: an inline object selector with compare keeps its value and renders only on change', async () => {
    watchConsole();
    const actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    const values: { n: number }[] = [];
    const m = await mount(() => {
      values.push(
        useSelector(
          ref,
          (s) => ({ n: s.context.count }),
          (a, b) => a.n === b.n,
        ),
      );
      return null;
    }, true);
    const settled = values.length;
    await inAct(() => actor.send({ type: 'TOUCH' }));
    expect(values.length).toBe(settled);
    await inAct(() => actor.send({ type: 'INC' }));
    expect(values.at(-1)).toEqual({ n: 1 });
    const rendered = values.at(-1);
    await inAct(() => actor.send({ type: 'TOUCH' }));
    expect(values.at(-1)).toBe(rendered);
    await m.unmount();
    expect(live()).toBe(0);
    expect(errors.map((e) => String(e[0]))).toEqual([]);
    actor.stop();
  });

  it('useActor(logic): one live actor after the double mount; unmount stops it, aborting the login', async () => {
    watchConsole();
    const { auth, calls, aborted } = fakeAuth();
    const actors = new Set<Actor<typeof loginMachine>>();
    let send: ((e: { type: 'SUBMIT'; login: string; password: string }) => void) | undefined;
    let status = '';
    const m = await mount(() => {
      const bound = useActor(loginMachine, { input: { auth } });
      actors.add(bound.actorRef);
      send = bound.send;
      status = String(bound.snapshot.value);
      return null;
    }, true);
    const live = [...actors].filter((a) => a.getSnapshot().status === 'active');
    expect(live).toHaveLength(1);
    await inAct(() => send!({ type: 'SUBMIT', login: 'player@example.com', password: 'Secret123!' }));
    await turns(3);
    expect(status).toBe('submitting');
    expect(calls).toHaveLength(1);
    expect(live[0]!.getSnapshot().value).toBe('submitting');
    await m.unmount();
    expect([...actors].every((a) => a.getSnapshot().status !== 'active')).toBe(true);
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(aborted).toEqual(['login']);
    expect(errors.map((e) => String(e[0]))).toEqual([]);
  });

  it('useActor(running actor): follows it, leaves it running and no subscription behind', async () => {
    const actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    let count = -1;
    const m = await mount(() => {
      count = useActor(ref).snapshot.context.count;
      return null;
    }, true);
    await inAct(() => actor.send({ type: 'INC' }));
    expect(count).toBe(1);
    expect(live()).toBe(1);
    await m.unmount();
    expect(live()).toBe(0);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});
