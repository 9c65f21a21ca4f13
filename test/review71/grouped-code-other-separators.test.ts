// Review 71 (on review 69's fix): a 2FA code echoed grouped with a separator the digit join does
// not know still reaches view.error, its toJSON, the debug log and the inspector.
//
// What fails: after `client.submitCode('123456')` answered by a 503 whose `message` quotes the code
//   as "123,456" (what `new Intl.NumberFormat('en-US').format(123456)` prints: a server that holds
//   the code as a number and formats it), "123 - 456" (a separator of three characters) or
//   "123–456" (an en dash), the live code is in `client.view.error.message`. scrub.ts `text()` joins
//   digits only across ONE of `[\s.-]`.
// Severity: LOW (review 69's consequence: a code still live, the machine back at the code step,
//   reaches whatever the app sends view.error / its debug log to; LOW because docs/errors.md names
//   the separators covered ("a space of any kind, `-`, `.`"), though it lists none of these under
//   "Not caught", and the en-US grouping comma is the most common printed form of a number).
// Scenario: review 69's: reference server, `twoFactor` account, the code step answered
//   `503 { message: "Não foi possível validar o código <grouped> agora" }`.
// Invariant: docs/errors.md "What is scrubbed" (a code printed grouped is caught, review 69);
//   README "Secrets stay secret".
// Suggested fix: for all-digit secrets, match the digits with up to a few non-alphanumeric
//   characters between them (`1\P{L}{0,3}2\P{L}{0,3}3...` bounded, or join digits across any run of
//   at most 3 characters from [\s\p{P}\p{S}]) in what errors carry; or compare the text's digit
//   sequence (digits only, separators of <= 3 non-alphanumerics dropped) against digit secrets.
import { describe, expect, it } from 'vitest';
import { codeStepAnswered } from '../review69/harness';
import { S, useWorld } from '../support/world';

const world = useWorld({ reportStepMs: S });

describe('a 2FA code echoed grouped with other separators', () => {
  it('control (passes): "123.456" (review 69) is redacted', async () => {
    const r = await codeStepAnswered(world, '123.456');
    expect(r.message).not.toContain('123.456');
  });

  // Forty-ninth pass: the class, and the forms the review checked against `createScrubber` only.
  it.each([
    new Intl.NumberFormat('en-US').format(123456),
    '123 - 456',
    '123\u2013456',
    '123  456',
    '123\r\n456',
    '123_456',
    '123/456',
    '(123) 456',
  ])('echoed as "%s" it never reaches view.error, debug or the inspector', async (echoed) => {
    const r = await codeStepAnswered(world, echoed);
    expect.soft(r.json, 'view.error.toJSON()').not.toContain(echoed);
    expect.soft(r.debug, 'debug lines').toEqual([]);
    expect.soft(r.inspector, 'inspection events holding it').toBe(0);
    expect(r.message, 'view.error.message').not.toContain(echoed);
  });
});
