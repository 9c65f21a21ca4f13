// Review 97, DEFECT (MEDIUM): a 2FA code (or an all-digit password, `123456`) an earlier call sent
// is now scrubbed from every later error for 10 minutes by the error rule (`errorsOnly` in
// src/http/held-secrets.ts uses `s.text`): digits joined across up to 3 separators and matched
// anywhere. A later error's dates, times and amounts that spell the code across `-`, `:`, `.` or
// `,` are rewritten, the whole string returned with its separators gone: `000000` turns every
// midnight into `20261201T[redacted]Z`. Before 67ba4b40 (the 2xx rule) these stayed.
import { describe, expect, it } from 'vitest';
import { errorAfter, json, useRaw } from './helpers';

const ref = useRaw();
const UNTIL = '2026-12-01T00:00:00Z';

describe("a code sent earlier, and a later error's dates and amounts", () => {
  it('code 000000: a pause end date at midnight stays as the server wrote it', async () => {
    const e = await errorAfter(
      ref.raw,
      { code: '000000' },
      json(422, { message: `Pausa ativa até ${UNTIL}`, until: UNTIL }),
      { status: 200, body: '{}' },
    );
    expect((e.body as { until: string }).until).toBe(UNTIL);
    expect(e.message).toBe(`Pausa ativa até ${UNTIL}`);
  });

  it('code 000000: an amount of R$ 1.000.000,00 stays', async () => {
    const e = await errorAfter(
      ref.raw,
      { code: '000000' },
      json(422, { message: 'Limite máximo de R$ 1.000.000,00' }),
      { status: 200, body: '{}' },
    );
    expect(e.message).toBe('Limite máximo de R$ 1.000.000,00');
  });

  it('password 123456 (wrong): a limit of R$ 1.234,56 and a time of 12:34:56 stay', async () => {
    const e = await errorAfter(
      ref.raw,
      { password: '123456' },
      json(422, { message: 'Limite diário de R$ 1.234,56 atingido às 12:34:56', retry_after: '12:34:56' }),
    );
    expect(e.message).toBe('Limite diário de R$ 1.234,56 atingido às 12:34:56');
    expect((e.body as { retry_after: string }).retry_after).toBe('12:34:56');
  });
});
