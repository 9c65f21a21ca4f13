// Review 128 (LOW): a 2xx answer whose bytes are not UTF-8 (`application/json; charset=latin1`
// with latin1 bytes, a legacy PHP back end) is decoded leniently: every byte that is no UTF-8
// becomes U+FFFD and the value resolves as if the server had said it. JSON on the wire is UTF-8
// (RFC 8259 8.1); the adapter already refuses JSON that says more than it parses to (a key twice,
// a number no double holds: json-ambiguity.ts), and these bytes say no one text. The harm: the
// address read (`São Paulo` -> `S\uFFFDo Paulo`) is shown, prefilled and, once the player saves
// the form, written back over the real one (updateAddress takes U+FFFD: a symbol, not refused).
import { describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter, createUserModule } from '../../src/index';
import { rejectionOf, useRecorder } from './recorder';

const box = useRecorder();
const http = () =>
  createOfetchAdapter({ baseURL: box.rec.url, getAccessToken: () => 'tok-abcdefghijklmnop', retry: 0 });
const latin1 = (text: string) => ({
  status: 200,
  headers: { 'content-type': 'application/json; charset=latin1' },
  body: Buffer.from(text, 'latin1'),
});

describe('a 2xx answer that is not UTF-8', () => {
  it('getAddress: invalid_response, not a street with U+FFFD in it', async () => {
    box.rec.answer = () => latin1('{"street":"Rua S\u00e3o Jo\u00e3o, 1","city":"S\u00e3o Paulo"}');
    const e = await rejectionOf(createUserModule(http()).getAddress());
    expect(e.code).toBe('invalid_response');
  });

  it('the profile: invalid_response, not a player named "Jo\uFFFDo"', async () => {
    box.rec.answer = () =>
      latin1(
        JSON.stringify({
          user: { id: 1, name: 'Jo\u00e3o', email: 'joao@example.com' },
          userInfo: {
            validate_email_at: null,
            login_at: '2026-01-01 10:00:00',
            login_attempt_qty: 0,
            seven_days_since_last_login: false,
            strong_password: true,
            force_request_kyc: false,
            two_factor_enabled: false,
          },
        }),
      );
    const e = await rejectionOf(createAuthModule(http()).getUserProfile());
    expect(e.code).toBe('invalid_response');
  });
});
