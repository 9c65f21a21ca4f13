// Review 126 (holds): `stoppable` (machines/client/stoppable.ts) lifts Node's listener limit via
// `process.getBuiltinModule('node:events')`: a hostile or odd `globalThis.process` (a getter that
// throws, a getBuiltinModule that throws or returns junk) never breaks createPamClient, and its
// calls still end at `client.stop()`.
import { afterEach, describe, expect, it } from 'vitest';
import { createPamClient } from '../../machines/index';

const real = Object.getOwnPropertyDescriptor(globalThis, 'process')!;
afterEach(() => {
  Object.defineProperty(globalThis, 'process', real);
});

const ODD: [string, PropertyDescriptor][] = [
  [
    'a getter that throws',
    {
      configurable: true,
      get: () => {
        throw new Error('no process');
      },
    },
  ],
  [
    'getBuiltinModule throws',
    {
      configurable: true,
      value: {
        getBuiltinModule: () => {
          throw new Error('x');
        },
      },
    },
  ],
  ['getBuiltinModule returns 42', { configurable: true, value: { getBuiltinModule: () => 42 } }],
  [
    'setMaxListeners a string',
    { configurable: true, value: { getBuiltinModule: () => ({ setMaxListeners: 'x' }) } },
  ],
  [
    'setMaxListeners throws',
    {
      configurable: true,
      value: {
        getBuiltinModule: () => ({
          setMaxListeners: () => {
            throw new Error('y');
          },
        }),
      },
    },
  ],
  ['getBuiltinModule not a function', { configurable: true, value: { getBuiltinModule: {} } }],
];

describe('review 126 (holds): createPamClient under an odd globalThis.process', () => {
  it.each(ODD)('%s', async (_n, descriptor) => {
    Object.defineProperty(globalThis, 'process', descriptor);
    let made: ReturnType<typeof createPamClient> | undefined;
    let thrown: unknown;
    try {
      made = createPamClient({ baseURL: 'http://127.0.0.1:9', environment: { channel: null } });
    } catch (e) {
      thrown = e;
    }
    Object.defineProperty(globalThis, 'process', real);
    expect(thrown).toBeUndefined();
    made!.stop();
    const code = await made!.http.get('/x').then(
      () => 'resolved',
      (e: { code?: string }) => e.code,
    );
    expect(code).toBe('aborted');
  });
});
