// Review 84 (held). What it checks: machine-setup.ts `readingEvents` does not ignore an event it
// can read, and it survives `provide` (nested), a machine invoked as a child, and a restored
// (persisted) snapshot. Docs (CHANGELOG, fifty-second pass): "Each machine (and every machine its
// `provide` makes) now reads an event's keys once before any action or guard". What happens: each
// case below behaves as promised (kept as a regression check).
import { loginMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type AnyActor, createActor, createMachine, sendTo } from 'xstate';

const never = () => new Promise<never>(() => undefined);
const hostile = () => {
  const e: Record<string, unknown> = { type: 'SUBMIT', password: 'pw' };
  Object.defineProperty(e, 'login', {
    enumerable: true,
    get: () => {
      throw new Error('boom');
    },
  });
  return e as never;
};
function start<A extends AnyActor>(actor: A): A {
  actor.subscribe({ error: () => undefined });
  actor.start();
  return actor;
}

describe('readingEvents keeps readable events and its wrapping', () => {
  it('a class instance event with an inherited `type` getter is taken', () => {
    class Submit {
      get type() {
        return 'SUBMIT';
      }
      login = 'player@example.com';
      password = 'pw';
    }
    const a = start(createActor(loginMachine, { input: { auth: { login: never } } }));
    a.send(new Submit() as never);
    expect(a.getSnapshot().matches('submitting')).toBe(true);
    a.stop();
  });

  it('nested provide keeps it', () => {
    const m = loginMachine.provide({}).provide({});
    const a = start(createActor(m, { input: { auth: { login: never } } }));
    a.send(hostile());
    expect(a.getSnapshot().status).toBe('active');
    a.stop();
  });

  it('as an invoked child, sent a hostile event by its parent', () => {
    const parent = createMachine({
      invoke: { id: 'login', src: loginMachine, input: { auth: { login: never } } as never },
      on: { POKE: { actions: sendTo('login', hostile) } },
    });
    const a = start(createActor(parent));
    a.send({ type: 'POKE' });
    const child = a.getSnapshot().children.login as AnyActor;
    expect(child.getSnapshot().status).toBe('active');
    expect(a.getSnapshot().status).toBe('active');
    a.stop();
  });

  it('restored from a persisted snapshot', () => {
    const a = start(createActor(loginMachine, { input: { auth: { login: never } } }));
    const persisted = a.getPersistedSnapshot();
    a.stop();
    const b = start(createActor(loginMachine, { snapshot: persisted, input: { auth: { login: never } } }));
    b.send(hostile());
    expect(b.getSnapshot().status).toBe('active');
    b.send({ type: 'SUBMIT', login: 'player@example.com', password: 'pw' } as never);
    expect(b.getSnapshot().matches('submitting')).toBe(true);
    b.stop();
  });
});
