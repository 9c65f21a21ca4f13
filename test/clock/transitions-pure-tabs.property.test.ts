import fc from 'fast-check';
import { describe } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { internal } from '../../machines/clock';
import { serverSessionMachine } from '../../machines/server-session/machine';
import { serverInput } from '../support/server-session-input';
import { type Clock, fire, H, properties, type Step, tickOrWake } from './transitions-pure.harness';

// The purity tripwire (transitions-pure.harness) over the server session WITH a channel
// (REVIEW-26 R26-3): transitions-pure's own input has `tabs: null`, so the ask wait, `ASKED`,
// `REMOTE_ASK` and `REMOTE_INFLIGHT` were never run under it. No assign or guard of theirs may read
// a clock: time comes on events.
const tabs = { post: () => {}, subscribe: () => () => {}, close: () => {} };
const withTabs = (c: Clock, at: number) => {
  const i = serverInput(c, at);
  return { ...i, deps: { ...i.deps, tabs } };
};

const steps = (at: number) =>
  fc.array(
    fc.oneof(
      tickOrWake(at, 4 * H),
      fc.constant({ type: 'TICK' } as AnyEventObject),
      fc.constant({ type: 'LOGOUT' } as AnyEventObject),
      fc.constant(() => internal({ type: 'ASKED' })),
      fc.constant(() => internal({ type: 'REMOTE_ASK' })),
      fc.constant(() => internal({ type: 'REMOTE_LOGIN', loginId: 'login-5' })),
      fc.tuple(fc.integer({ min: 0, max: H }), fc.boolean()).map(
        ([dt, settled]) =>
          () =>
            internal({
              type: 'REMOTE_INFLIGHT',
              loginId: 'login-3',
              kind: 'pause',
              id: 'p1',
              settled,
              until: at + dt,
              from: 'tab-x',
            }),
      ),
      fc.constant(fire),
    ) as fc.Arbitrary<Step>,
    { maxLength: 20 },
  );

describe('no transition of the server session reads a clock, with a channel', () =>
  properties([
    { name: 'the server session with tabs', machine: serverSessionMachine, input: withTabs, steps },
  ] as never));
