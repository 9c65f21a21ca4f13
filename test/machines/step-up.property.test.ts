import fc from 'fast-check';
import { isPamError, type Secret, secret } from 'pam-client';
import { stepUpMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CANARY } from '../support/canary';
import { turns } from '../support/event-loop';

type Outcome = 'ok' | 'required' | 'invalid' | 'boom';
type Command =
  | { type: 'CONFIRM'; asSecret: boolean; empty: boolean }
  | { type: 'CANCEL' }
  | { type: 'SETTLE' };

function foreign(code: string, extra: Record<string, unknown> = {}): Error {
  const e = Object.assign(new Error('x'), { code, ...extra });
  Object.defineProperty(e, Symbol.for('pam-client.error'), { get: () => true });
  return e;
}

const flush = () => turns(1);

// Random server answers and random player commands: whatever happens, the machine keeps its
// contract (attempts, one resend per confirmation, the password only while confirming, never
// in a JSON snapshot).
describe('stepUpMachine (property)', () => {
  it('keeps its contract over any answers and commands', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Outcome>('ok', 'required', 'invalid', 'boom'), { maxLength: 8 }),
        fc.array(
          fc.oneof(
            fc.record({ type: fc.constant('CONFIRM' as const), asSecret: fc.boolean(), empty: fc.boolean() }),
            fc.constant({ type: 'CANCEL' as const }),
            fc.constant({ type: 'SETTLE' as const }),
          ),
          { maxLength: 10 },
        ),
        fc.integer({ min: 1, max: 4 }),
        async (outcomes, commands: Command[], maxAttempts) => {
          const script = [...outcomes];
          const calls: Array<Secret | undefined> = [];
          const run = async (p: Secret | undefined) => {
            calls.push(p);
            await flush();
            const next = script.shift() ?? 'ok';
            if (next === 'ok') return 'saved';
            if (next === 'boom') throw foreign('network');
            throw foreign('step_up_required', { reason: next, status: 422 });
          };
          const actor = createActor(stepUpMachine, { input: { run, maxAttempts } });
          const texts: string[] = [];
          actor.subscribe((s) => {
            texts.push(JSON.stringify(s), JSON.stringify(actor.getPersistedSnapshot()));
            expect(s.context.attemptsLeft).toBeGreaterThanOrEqual(0);
            if (!s.matches('confirming')) expect(s.context.password).toBeNull();
          });
          actor.start();
          let confirmations = 0;
          for (const c of commands) {
            await flush();
            await flush();
            const before = actor.getSnapshot();
            if (c.type === 'CONFIRM') {
              const text = c.empty ? '' : CANARY.password;
              actor.send({ type: 'CONFIRM', password: c.asSecret ? secret(text) : text });
              if (before.matches('passwordRequired') && !c.empty) {
                confirmations++;
                expect(actor.getSnapshot().value).toBe('confirming');
              } else {
                expect(actor.getSnapshot().value).toBe(before.value);
              }
            } else if (c.type === 'CANCEL') {
              actor.send({ type: 'CANCEL' });
              if (before.status === 'active') expect(actor.getSnapshot().value).toBe('cancelled');
            }
          }
          const s = actor.getSnapshot();
          // One first try, then exactly one resend per confirmation, each with the password.
          expect(calls.length).toBe(1 + confirmations);
          expect(calls[0]).toBeUndefined();
          for (const p of calls.slice(1)) expect(p?.reveal()).toBe(CANARY.password);
          expect(confirmations).toBeLessThanOrEqual(maxAttempts);
          if (s.matches('failed')) expect(isPamError(s.context.error)).toBe(true);
          if (s.matches('done')) expect(s.output).toBe('saved');
          expect(texts.join('\n')).not.toContain(CANARY.password);
          actor.stop();
        },
      ),
      { numRuns: 150 },
    );
  });
});
