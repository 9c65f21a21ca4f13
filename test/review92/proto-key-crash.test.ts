// Review 92 — MEDIUM. An event (or a registration payload) with an OWN enumerable `__proto__` key
// still crashes the machines for good (actor status `error`, the caller's error handed out).
//
// Docs promise (machines/machine-setup.ts, `readingEvents`/`readOwn`): "`machine` reading every
// event once, as a plain copy of its own keys ... a key whose reading throws (a getter, a Proxy's
// trap: a hostile or broken caller) is left out (missing, refused as such), one not its own (a
// class's accessor, a key not enumerable) is none"; CHANGELOG (fifty-third pass): "Every place a
// machine reads such a payload or answer now reads it once, key by key (`readOwn` ...): a key that
// cannot be read is missing".
//
// What happens: `readOwn` copies with `o[k] = x[k]` into a plain `{}`. For k === '__proto__' (an own
// data key, as JSON.parse, structuredClone or Object.defineProperty make it) that assignment is the
// `Object.prototype.__proto__` SETTER: the copy's PROTOTYPE becomes the caller's object. Every key
// the copy lacks is then read through it, i.e. NOT once and NOT only own keys: a getter there (or a
// Proxy's trap) runs inside the machine's guard/action/input and throws -> actor status 'error'.
// It also makes keys the event never had as its own appear (JSON.parse('{"__proto__":{"x":1}}')).
import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { loginMachine, registrationMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type AnyActor, createActor, waitFor } from 'xstate';

const FOREIGN = 'FOREIGN-PROTO-92';
/** An object whose every property read throws (a Proxy's get trap). */
const hostile = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error(FOREIGN);
      },
    },
  );
/** `base` with an own, enumerable `__proto__` data key holding `value` (as JSON.parse makes it). */
const withProtoKey = <T extends object>(base: T, value: unknown): T =>
  Object.defineProperty(base, '__proto__', { value, enumerable: true, configurable: true, writable: true });

function started<A extends AnyActor>(actor: A): A {
  actor.subscribe({ error: () => undefined });
  actor.start();
  return actor;
}
const state = (a: AnyActor) => {
  const s = a.getSnapshot();
  return {
    status: s.status === 'error' ? 'error' : 'alive',
    crash: s.status === 'error' ? String(s.error) : null,
  };
};

describe('an own `__proto__` key is copied as a prototype', () => {
  it('registrationMachine SUBMIT: an event with an own __proto__ key never crashes the actor', () => {
    const a = started(
      createActor(registrationMachine, {
        input: { auth: { validateDocument: async () => ({ docnumber_valid: true }) } },
      }),
    );
    // The event's own keys are `type` and `__proto__`; its `payload` is read through the copy's
    // prototype (the hostile object): not own, yet read.
    a.send(withProtoKey({ type: 'SUBMIT' }, hostile()) as never);
    expect(state(a)).toEqual({ status: 'alive', crash: null });
    a.stop();
  });

  it('registrationMachine SUBMIT: a payload with an own __proto__ key never crashes the actor', () => {
    const a = started(
      createActor(registrationMachine, {
        input: { auth: { validateDocument: async () => ({ docnumber_valid: true }) } },
      }),
    );
    a.send({ type: 'SUBMIT', payload: withProtoKey({ email: 'a@b.co' }, hostile()) } as never);
    expect(state(a)).toEqual({ status: 'alive', crash: null });
    a.stop();
  });

  it('loginMachine REGISTER: a payload with an own __proto__ key fails invalid_request, nothing sent', async () => {
    let sent = 0;
    const auth = createAuthModule(
      createOfetchAdapter({
        baseURL: 'https://pam.test',
        fetch: async () => {
          sent++;
          return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
        },
      }),
    );
    const a = started(createActor(loginMachine, { input: { auth } }));
    a.send({ type: 'REGISTER', payload: withProtoKey({ email: 'a@b.co' }, hostile()) } as never);
    await waitFor(a, (x) => x.status === 'error' || !x.matches('registering'));
    expect(state(a)).toEqual({ status: 'alive', crash: null });
    expect(sent).toBe(0);
    a.stop();
  });
});
