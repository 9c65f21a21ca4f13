// REVIEW150 probes (hold): pam-client/react's useSelector under StrictMode, with a selector that
// builds a fresh object per call and the default compare (Object.is): no "getSnapshot should be
// cached" warning, no update loop; a selector that throws reaches the error boundary and leaves
// no subscription behind once the boundary's tree is gone.
import { Component, createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { useSelector } from '../../src/bindings/react';
import { counterMachine, countingRef } from '../bindings/fixtures';
import { inAct, mount } from '../review121/react-host';

const errors: string[] = [];
afterEach(() => {
  errors.length = 0;
  vi.restoreAllMocks();
});
const watchConsole = () =>
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void errors.push(String(a[0])));

class Boundary extends Component<{ children?: ReactNode; caught: unknown[] }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.caught.push(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

describe('useSelector (React)', () => {
  it('a fresh object per call with Object.is: no uncached-snapshot warning, a bounded number of renders', async () => {
    watchConsole();
    const actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    const values: { n: number }[] = [];
    const m = await mount(() => {
      values.push(useSelector(ref, (s) => ({ n: s.context.count })));
      return null;
    }, true);
    const mounted = values.length;
    expect(mounted).toBeLessThanOrEqual(4);
    await inAct(() => actor.send({ type: 'INC' }));
    await inAct(() => actor.send({ type: 'INC' }));
    expect(values.at(-1)).toEqual({ n: 2 });
    expect(values.length - mounted).toBeLessThanOrEqual(8);
    await m.unmount();
    expect(live()).toBe(0);
    expect(errors.filter((t) => /getSnapshot|Maximum update depth|infinite/i.test(t))).toEqual([]);
    actor.stop();
  });

  it('a selector that throws on a later snapshot reaches the boundary; nothing stays subscribed', async () => {
    watchConsole();
    const actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    const caught: unknown[] = [];
    const seen: number[] = [];
    const Reader = () => {
      seen.push(
        useSelector(ref, (s) => {
          if (s.context.count === 1) throw new Error('selector boom');
          return s.context.count;
        }),
      );
      return null;
    };
    const m = await mount(() => createElement(Boundary, { caught }, createElement(Reader)), true);
    expect(live()).toBe(1);
    await inAct(() => actor.send({ type: 'INC' }));
    expect(caught.map((e) => (e as Error).message)).toContain('selector boom');
    expect(live()).toBe(0);
    await inAct(() => actor.send({ type: 'INC' }));
    expect(seen.every((n) => n === 0)).toBe(true);
    await m.unmount();
    expect(live()).toBe(0);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});
