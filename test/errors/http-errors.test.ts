import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOfetchAdapter, type HttpError, isPamError, type StepUpRequiredError } from '../../src/index';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { rejectionOf } from '../http/helpers';

let api: EchoServer;
beforeAll(async () => {
  api = await startEchoServer();
});
afterAll(() => api?.close());
beforeEach(() => {
  api.requests.length = 0;
});

const http = () => createOfetchAdapter({ baseURL: api.url, retry: 0 });

describe('HttpError from an answer', () => {
  it('maps a 422 asking for the password to StepUpRequiredError, reason required or invalid', async () => {
    for (const [code, reason] of [
      ['password_check_required', 'required'],
      ['password_check_invalid', 'invalid'],
    ] as const) {
      api.answer = () => ({
        status: 422,
        body: {
          message: 'Confirm your password.',
          code,
          errors: { password_check: ['Confirm your password.'] },
        },
      });
      const e = (await rejectionOf(
        http().patch('/bff/users/email', { email: 'a@b.c' }),
      )) as StepUpRequiredError;
      expect(isPamError(e)).toBe(true);
      expect([e.code, e.name, e.reason, e.status]).toEqual([
        'step_up_required',
        'StepUpRequiredError',
        reason,
        422,
      ]);
      expect(e.fieldErrors?.password_check).toEqual(['Confirm your password.']);
      expect(e.toJSON()).toMatchObject({ code: 'step_up_required', reason, status: 422 });
    }
  });

  it('keeps any other 422 (or a step-up code on another status) a plain HttpError', async () => {
    api.answer = () => ({ status: 422, body: { message: 'Invalid.', code: 'something_else' } });
    expect(((await rejectionOf(http().post('/x', {}))) as HttpError).code).toBe('http');
    api.answer = () => ({ status: 403, body: { code: 'password_check_required' } });
    expect(((await rejectionOf(http().post('/x', {}))) as HttpError).code).toBe('http');
  });

  it("uses the server's message when there is one, else '<METHOD> <path> failed with <status>'", async () => {
    api.answer = () => ({ status: 409, body: { message: '  Already taken.  ' } });
    const withMessage = (await rejectionOf(http().post('/x?secret=1', {}))) as HttpError;
    expect([withMessage.message, withMessage.method, withMessage.path, withMessage.status]).toEqual([
      'Already taken.',
      'POST',
      '/x',
      409,
    ]);
    api.answer = () => ({ status: 409, body: { message: '   ', errors: [] } });
    expect(((await rejectionOf(http().delete('/x'))) as HttpError).message).toBe('DELETE /x failed with 409');
    api.answer = () => ({ status: 502, body: '<html>Bad gateway</html>' });
    expect(((await rejectionOf(http().post('/x'))) as HttpError).message).toBe('POST /x failed with 502');
    api.answer = () => ({ status: 400, body: { message: 'x'.repeat(500) } });
    expect(((await rejectionOf(http().post('/x'))) as HttpError).message).toBe(`${'x'.repeat(200)}…`);
  });
});
