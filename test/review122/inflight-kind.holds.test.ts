// Review 122 (probes that hold): `isInFlight` reads its table with `Object.hasOwn`: no key of
// Object.prototype, no non-string, passes; the cross-tab schema and the server-session tabs both
// refuse such an `inflight` message, and take each of the five kinds.
import { describe, expect, it } from 'vitest';
import { isInFlight, parseMessage } from '../../machines/cross-tab-schema';
import { parseServerTabMessage } from '../../machines/server-session/tabs';

const KINDS = ['pause', 'selfExclusion', 'betLimitZero', 'lossLimitZero', 'timeLimitZero'];
const FOREIGN: unknown[] = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
  'underAge',
  'spaExclusion',
  'operatorExclusion',
  'Pause',
  'pause ',
  '',
  new String('pause'),
  ['pause'],
  { toString: () => 'pause' },
  Symbol('pause'),
  1,
  null,
  undefined,
  true,
];

const crossTab = (kind: unknown) =>
  parseMessage({
    app: 'pam-client',
    v: 1,
    from: 'tab-a',
    type: 'inflight',
    kind,
    id: 'c1',
    settled: false,
    userId: 7,
    sid: 1,
  });
const serverTab = (kind: unknown) =>
  parseServerTabMessage({
    app: 'pam-client',
    mode: 'server-session',
    v: 1,
    from: 'tab-a',
    loginId: 'L1',
    type: 'inflight',
    kind,
    id: 'c1',
    settled: false,
  });
const kept = (kind: unknown) =>
  parseMessage({
    app: 'pam-client',
    v: 1,
    from: 'tab-a',
    type: 'session',
    reason: 'sync',
    session: {
      accessToken: 'tok',
      tokenType: 'Bearer',
      expiresAt: null,
      savedAt: 1,
      userId: 1,
      seq: 3,
      sid: 7,
    },
    user: null,
    inflight: [{ kind, id: 'c1', ms: 1_000 }],
  });

describe('review 122 (holds): the in-flight kinds', () => {
  it('isInFlight: the five kinds, nothing else', () => {
    expect(KINDS.filter((k) => isInFlight(k))).toEqual(KINDS);
    expect(FOREIGN.filter((k) => isInFlight(k))).toEqual([]);
  });

  it('the cross-tab schema: each kind read, every foreign one refused', () => {
    expect(KINDS.map((k) => (crossTab(k) as { kind?: unknown }).kind)).toEqual(KINDS);
    expect(FOREIGN.map((k) => 'refused' in crossTab(k))).toEqual(FOREIGN.map(() => true));
  });

  it('the server-session tabs: each kind read, every foreign one refused', () => {
    expect(KINDS.map((k) => serverTab(k)?.type)).toEqual(KINDS.map(() => 'inflight'));
    expect(FOREIGN.map((k) => serverTab(k))).toEqual(FOREIGN.map(() => null));
  });

  it("a session's kept changes in flight: a foreign kind refuses the message", () => {
    expect(KINDS.map((k) => 'refused' in kept(k))).toEqual(KINDS.map(() => false));
    expect(FOREIGN.map((k) => 'refused' in kept(k))).toEqual(FOREIGN.map(() => true));
  });
});
