// Review 133 (held): a generated wrong value in ANY field of ANY payload-taking public call of the
// modules (auth, registration, user: profile, contact, consent, security, limits, pause,
// self-exclusion, income report) is `invalid_request`, the reference server receives NOTHING, and
// the payload's secret never reaches the error (message, String(), toJSON(), issues).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { materialize, WRONG } from './arbitraries';
import { modsOf, OPS, verdict } from './support';

const ctx = useReferenceServer();

const oneWrongField = fc
  .constantFrom(...OPS)
  .chain((op) =>
    fc
      .constantFrom(...Object.entries(op.fields))
      .chain(([field, kind]) => WRONG[kind]!.map((value) => ({ op, field, value }))),
  );

describe('review 133: one wrong field, any call: typed, nothing sent, no secret (held)', () => {
  it('generated over every call and field', async () => {
    const mods = modsOf(ctx);
    const id = ctx.server.seed.plain.id;
    await fc.assert(
      fc.asyncProperty(oneWrongField, async ({ op, field, value }) => {
        const payload = { ...op.valid(), [field]: materialize(value) };
        expect(await verdict(ctx, () => op.send(mods, payload, id))).toBe('invalid_request/0');
      }),
      { numRuns: 1500, seed: 133 },
    );
  });

  it('every call with its valid payload is accepted (the property is not vacuous)', async () => {
    const mods = modsOf(ctx);
    const id = ctx.server.seed.plain.id;
    const sent: string[] = [];
    for (const op of OPS) {
      const before = ctx.server.requests.length;
      await op.send(mods, op.valid(), id).catch(() => undefined);
      sent.push(`${op.name}:${ctx.server.requests.length - before}`);
    }
    expect(sent).toEqual(OPS.map((op) => `${op.name}:1`));
  });
});
