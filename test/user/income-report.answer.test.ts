// The income report's operations against a hostile server (review L3) over real HTTP: an answer
// about another report than the one asked for (another `id` for a status, another
// `reference_year` for a generate) is a typed `invalid_response` (issue at ['id'] or
// ['reference_year']), never returned; an answer that omits `reference_year` is taken.

import {
  createOfetchAdapter,
  createUserModule,
  generateIncomeReport,
  getIncomeReportStatus,
  ResponseValidationError,
} from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EchoServer, startEchoServer } from '../http/echo-server';

const REPORT = {
  id: 7,
  reference_year: 2025,
  status: 3,
  delivery_type: 'download',
  requested_at: '2026-01-01 00:00:00',
  generated_at: '2026-01-01 00:01:00',
  path: null,
  download_url: 'https://files.example/r.pdf',
};

let api: EchoServer;
beforeAll(async () => {
  api = await startEchoServer();
});
afterAll(() => api?.close());

const answering = (body: object) => {
  api.answer = () => ({ status: 200, body });
  return createOfetchAdapter({ baseURL: api.url, retry: 0 });
};

/** The error a call rejects with (a call that resolves fails the test). */
async function refusal(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    (value) => expect.unreachable(`resolved with ${JSON.stringify(value)}`),
    (error: unknown) => error,
  );
}

const refused = (operation: string, path: string) => ({
  code: 'invalid_response',
  operation,
  issues: [expect.objectContaining({ path: [path] })],
});

describe('getIncomeReportStatus: the report asked for, or invalid_response', () => {
  it.each([
    [
      'createUserModule',
      (http: ReturnType<typeof answering>) => createUserModule(http).getIncomeReportStatus(7),
    ],
    ['the standalone function', (http: ReturnType<typeof answering>) => getIncomeReportStatus(http, 7)],
  ])('%s: report 7 answered as report 99 is refused', async (_, call) => {
    const error = await refusal(call(answering({ ...REPORT, id: 99 })));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject(refused('getIncomeReportStatus', 'id'));
  });

  it('report 7 answered as report 7 (id as a string the readers take) is returned', async () => {
    const user = createUserModule(answering({ ...REPORT, id: '7' }));
    await expect(user.getIncomeReportStatus(7)).resolves.toMatchObject({ id: 7, status: 3 });
  });
});

describe('generateIncomeReport: the year asked for (or none said), or invalid_response', () => {
  const ask = { reference_year: 2025, type: 'download' } as const;

  it.each([
    [
      'createUserModule',
      (http: ReturnType<typeof answering>) => createUserModule(http).generateIncomeReport(ask),
    ],
    ['the standalone function', (http: ReturnType<typeof answering>) => generateIncomeReport(http, ask)],
  ])('%s: a 2025 request answered for 2019 is refused', async (_, call) => {
    const error = await refusal(call(answering({ ...REPORT, reference_year: 2019 })));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject(refused('generateIncomeReport', 'reference_year'));
  });

  it.each([
    ['omitted', (({ reference_year: _, ...rest }) => rest)(REPORT)],
    ['null (read as absent)', { ...REPORT, reference_year: null }],
    ['the year asked', REPORT],
  ])('an answer whose reference_year is %s is returned', async (_, body) => {
    const user = createUserModule(answering(body));
    await expect(user.generateIncomeReport(ask)).resolves.toMatchObject({ id: 7, status: 3 });
  });
});
