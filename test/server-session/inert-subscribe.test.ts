// The inert (server-render) server-session client keeps no subscriber (REVIEW-P P3): Vue's SSR
// runs no unmount, so a `useSession(client)` per render subscribed for good, and the client's view
// hub held every listener (~0.5 kB a render, for the life of the server). Its view never changes,
// so `subscribe` (and `state.subscribe`) hand out a no-op, as `createPamClient`'s inert client does.
// Checked with the collector: a listener it kept would never be collected.

import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the inert server-session client keeps no subscriber (REVIEW-P P3)', () => {
  it('subscribe and state.subscribe: listeners never called, never kept (collected)', async () => {
    const client = createServerSessionClient({});
    const refs: WeakRef<object>[] = [];
    let called = 0;
    (() => {
      for (let i = 0; i < 50; i++) {
        const listener = () => {
          called++;
        };
        const other = () => {
          called++;
        };
        refs.push(new WeakRef(listener), new WeakRef(other));
        expect(typeof client.subscribe(listener)).toBe('function');
        expect(typeof client.state.subscribe(other)).toBe('function');
      }
    })();
    for (let i = 0; i < 3; i++) {
      await turn();
      gc();
    }
    expect(refs.filter((r) => r.deref() !== undefined)).toHaveLength(0);
    expect(called).toBe(0);
    expect(client.view.status).toBe('signedOut');
  });
});
