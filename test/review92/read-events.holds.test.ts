// Holds (review 92): what machine-setup.ts's `readingEvents` takes as it should.
import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { loginMachine, registrationMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type AnyActor, createActor, waitFor } from 'xstate';

function started<A extends AnyActor>(actor: A): A {
  actor.subscribe({ error: () => undefined });
  actor.start();
  return actor;
}

describe('readingEvents holds', () => {
  it('a class instance event (a `type` accessor on its prototype, own fields) is taken', async () => {
    class Check {
      get type() {
        return 'CHECK_DOCUMENT';
      }
      constructor(readonly number: string) {}
    }
    const asked: unknown[] = [];
    const a = started(
      createActor(registrationMachine, {
        input: {
          auth: {
            validateDocument: async (b: unknown) => {
              asked.push(b);
              return { docnumber_valid: true };
            },
          },
        },
      }),
    );
    a.send(new Check('529.982.247-25') as never);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(a.getSnapshot().status).toBe('active');
    expect(asked).toEqual([{ number: '529.982.247-25' }]);
    a.stop();
  });

  it('a JSON-parsed REGISTER (plain data): a payload not its own is not read, nothing sent', async () => {
    // JSON.parse makes `__proto__` an own data key: the event has no own `payload`.
    const ev = JSON.parse(
      '{"type":"REGISTER","__proto__":{"payload":{"email":"x@y.co","password":"Secret123!Aa","name":"X"}}}',
    );
    expect(Object.hasOwn(ev, 'payload')).toBe(false);
    const bodies: string[] = [];
    const auth = createAuthModule(
      createOfetchAdapter({
        baseURL: 'https://pam.test',
        fetch: async (_u: unknown, init?: RequestInit) => {
          bodies.push(String(init?.body));
          return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
        },
      }),
    );
    const a = started(createActor(loginMachine, { input: { auth } }));
    a.send(ev);
    await waitFor(a, (x) => x.status === 'error' || !x.matches('registering'));
    // "one not its own (...) is none": the inherited payload's e-mail never reaches the API.
    expect(bodies.join('')).not.toContain('x@y.co');
    a.stop();
  });
});
