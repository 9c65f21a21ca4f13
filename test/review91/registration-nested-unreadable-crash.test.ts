// Review 91 — MEDIUM. A registration payload (or a document-check answer) whose reading throws
// kills registrationMachine / loginMachine for good (actor status `error`, the foreign error and its
// message handed out as the actor's error).
//
// Docs promise (CHANGELOG, "Every machine takes only the events it can read"): "An event with a key
// whose reading throws (a getter, a Proxy's trap: a hostile or broken caller, a reactive proxy)
// crashed the actor for good (status `error`): `loginMachine` (...), `registrationMachine`, ... Each
// machine ... now reads an event's keys once before any action or guard: one that throws ... and the
// event is ignored". docs/errors.md: "a payload, options or report whose reading throws (a getter, a
// Proxy trap: issue `unreadable`, the foreign error and its message dropped)" is a
// `RequestValidationError`; docs/contract.md: "Every machine keeps the last error as
// `context.error` (a `PamError`, or `null`)". machines/login/request.ts `boxRegistration`: "a key
// whose reading throws is left out (missing, refused as such), the others kept (review 79 ...)".
//
// What happens: machine-setup.ts `readingEvents` copies only the event's OWN top-level keys; the
// `payload` of SUBMIT (registrationMachine) and REGISTER (loginMachine) is passed through as the
// caller's object, and `boxed()` (registrationMachine.ts: `const { password, captcha_token,
// ...fields } = payload`) / the `submitRegistration` invoke input (loginMachine.ts: the same
// destructuring) read every key of it inside an action/input mapper: one getter that throws, a
// Proxy trap, or a revoked Proxy (an Immer draft kept past its `produce`) throws there and the actor
// dies (status 'error', `Error: <the caller's message>`). Likewise a `validateDocument` answer with a
// throwing getter on `name`/`birth_date`/`mother_name` crashes in `acceptDocument` (`prefillOf`).
import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { loginMachine, registrationMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type AnyActor, createActor, waitFor } from 'xstate';

const FOREIGN = 'FOREIGN-MESSAGE-42';
const boom = () => {
  throw new Error(FOREIGN);
};

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({ email: 'a@b.co', password: 'Secret123!' }, {});
  revoke();
  return proxy;
}

const payloads: [string, () => unknown][] = [
  [
    'a password getter that throws',
    () => ({
      email: 'a@b.co',
      country: 'BR',
      get password() {
        return boom();
      },
    }),
  ],
  [
    'an e-mail getter that throws',
    () => ({
      get email() {
        return boom();
      },
      password: 'Secret123!',
    }),
  ],
  ['a Proxy whose ownKeys trap throws', () => new Proxy({}, { ownKeys: boom })],
  ['a Proxy whose get trap throws', () => new Proxy({ email: 'a@b.co', password: 'x' }, { get: boom })],
  ['a revoked Proxy (an Immer draft kept too long)', revoked],
];

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

describe('registrationMachine SUBMIT with an unreadable payload: never crashes', () => {
  for (const [what, payload] of payloads) {
    it(what, () => {
      const a = started(
        createActor(registrationMachine, {
          input: { auth: { validateDocument: async () => ({ docnumber_valid: true }) } },
        }),
      );
      a.send({ type: 'SUBMIT', payload: payload() as never });
      expect(state(a)).toEqual({ status: 'alive', crash: null });
      a.stop();
    });
  }
});

describe('loginMachine REGISTER with an unreadable payload: never crashes, nothing sent', () => {
  for (const [what, payload] of payloads) {
    it(what, async () => {
      // The real module over a fetch that counts (fifty-third pass: the machine reads the payload
      // once, key by key; what it cannot read is missing, and the module's schema refuses it).
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
      a.send({ type: 'REGISTER', payload: payload() as never });
      const s = await waitFor(a, (x) => !x.matches('registering'));
      expect(state(a)).toEqual({ status: 'alive', crash: null });
      expect(s.value).toBe('failed');
      expect(s.context.error?.code).toBe('invalid_request');
      expect(String(s.context.error?.message)).not.toContain('FOREIGN');
      expect(sent).toBe(0);
      a.stop();
    });
  }
});

describe('registrationMachine: a document answer whose prefill cannot be read never crashes', () => {
  for (const [what, answer] of [
    [
      'a name getter that throws',
      () => ({
        docnumber_valid: true,
        get name() {
          return boom();
        },
      }),
    ],
    [
      'a birth_date getter that throws',
      () => ({
        docnumber_valid: true,
        get birth_date() {
          return boom();
        },
      }),
    ],
  ] as const) {
    it(what, async () => {
      const a = started(
        createActor(registrationMachine, {
          input: { auth: { validateDocument: async () => answer() as never } },
        }),
      );
      a.send({ type: 'CHECK_DOCUMENT', number: '529.982.247-25' });
      for (let i = 0; i < 5; i++) await Promise.resolve();
      const s = state(a);
      expect(s).toEqual({ status: 'alive', crash: null });
      expect(JSON.stringify(a.getSnapshot().context)).not.toContain(FOREIGN);
      a.stop();
    });
  }
});
