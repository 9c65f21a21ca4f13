// Review 84 (MEDIUM; helper 432, against b4183adc). Fixed in the fifty-second pass (failed on b4183adc, seen).
// Review 84. What it checks: machine-setup.ts `readingEvents` (fifty-second pass) reads an event's
// keys with `for (const k in event)`: enumerable keys only, once each. The CHANGELOG promises
// "Every machine takes only the events it can read ... reads an event's keys once before any action
// or guard: one that throws ... and the event is ignored, as an event no state takes" (review 79:
// an action or guard reading such a key crashed the actor for good, status `error`).
// What happens: a key the loop does not visit is still read by the actions and guards: a class
// instance event (its accessors live on the prototype, not enumerable), a non-enumerable getter, a
// Proxy whose `ownKeys` lists only `type`, and a getter that reads once and throws the next time
// (the check reads the event, the action reads it again: the original object, not a copy). Each
// crashes the actor (status 'error'), as before the pass.
import { loginMachine, tokenRefreshMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type AnyActor, createActor, SimulatedClock } from 'xstate';

const never = () => new Promise<never>(() => undefined);
function start<A extends AnyActor>(actor: A): A {
  actor.subscribe({ error: () => undefined });
  actor.start();
  return actor;
}
const alive = (a: AnyActor) => {
  const s = a.getSnapshot();
  return { status: s.status, crash: s.status === 'error' ? String(s.error) : null };
};
const login = () => start(createActor(loginMachine, { input: { auth: { login: never } } }));

describe('an event the check does not read through still crashes the machine', () => {
  it('loginMachine: a class instance SUBMIT whose `login` accessor throws (prototype, not enumerable)', () => {
    class Submit {
      type = 'SUBMIT';
      password = 'pw';
      get login(): string {
        throw new Error('boom');
      }
    }
    const a = login();
    a.send(new Submit() as never);
    expect(alive(a)).toEqual({ status: 'active', crash: null });
    a.stop();
  });

  it('loginMachine: a SUBMIT whose `login` is a non-enumerable getter that throws', () => {
    const e: Record<string, unknown> = { type: 'SUBMIT', password: 'pw' };
    Object.defineProperty(e, 'login', {
      enumerable: false,
      get: () => {
        throw new Error('boom');
      },
    });
    const a = login();
    a.send(e as never);
    expect(alive(a)).toEqual({ status: 'active', crash: null });
    a.stop();
  });

  it('loginMachine: a Proxy SUBMIT whose ownKeys lists only `type` and whose other reads throw', () => {
    const e = new Proxy({ type: 'SUBMIT' } as Record<string, unknown>, {
      get: (t, k) => {
        if (k === 'type') return t.type;
        throw new Error('trap');
      },
    });
    const a = login();
    a.send(e as never);
    expect(alive(a)).toEqual({ status: 'active', crash: null });
    a.stop();
  });

  it('loginMachine: a SUBMIT whose `login` getter reads once, then throws', () => {
    let reads = 0;
    const e: Record<string, unknown> = { type: 'SUBMIT', password: 'pw' };
    Object.defineProperty(e, 'login', {
      enumerable: true,
      get: () => {
        if (reads++ > 0) throw new Error('boom');
        return 'player@example.com';
      },
    });
    const a = login();
    a.send(e as never);
    expect(alive(a)).toEqual({ status: 'active', crash: null });
    a.stop();
  });

  it('tokenRefreshMachine: a class instance TICK whose `at` accessor throws', () => {
    class Tick {
      readonly type = 'TICK';
      get at(): number {
        throw new Error('boom');
      }
    }
    const a = start(
      createActor(tokenRefreshMachine, {
        input: { auth: { refreshToken: never }, savedAt: 0, now: () => 0 },
        clock: new SimulatedClock(),
      }),
    );
    a.send(new Tick() as never);
    expect(alive(a)).toEqual({ status: 'active', crash: null });
    a.stop();
  });
});
