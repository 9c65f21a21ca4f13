// Spec 4.5: the income report. One row and one standalone function per operation.

import type * as z from 'zod/mini';
import type { Operation, WithHttp } from '../operation/operation';
import { parseResponse } from '../schemas/common';
import type {
  AvailableYearsResponse,
  IncomeReportData,
  IncomeReportGeneratePayload,
} from '../schemas/income-report';
import { literal, object, optional, reader } from '../schemas/readers/core';
import { AvailableYearsRun, IncomeReportDataRun, IncomeReportGenerateRun } from '../schemas/readers/user';
import { idSegment } from './call';
import { userOperation } from './sensitive';
import type { UserModule } from './types';

// An answer about another report than the one asked for (review L3, fail closed) is the call's
// `invalid_response` (an issue at ['id'] or ['reference_year']), never returned. An answer may
// omit `reference_year` (the spec gives it no Required column).

// Creates a report, not an account change: an unknown outcome is not worth a profile re-read
// (the report machine polls its status instead), so it is not a mutation in the rows' sense.
// The rows read with the hand-written readers of src/schemas/readers (issue 33, sizes: no zod in
// the bundle), each as the zod schema of the same name (test/schemas/readers-user.property.test.ts).
const Report = /* @__PURE__ */ reader<typeof IncomeReportData>(IncomeReportDataRun);

export const GENERATE_INCOME_REPORT = {
  method: 'POST',
  path: '/income-report/generate',
  request: /* @__PURE__ */ reader<typeof IncomeReportGeneratePayload>(IncomeReportGenerateRun),
  response: Report,
  mutation: false,
  // `z.object({ reference_year: z.optional(z.literal(asked.reference_year)) })`, read by hand.
  answers: (answer: IncomeReportData, asked: IncomeReportGeneratePayload) =>
    parseResponse(
      'generateIncomeReport',
      reader<z.ZodMiniType<unknown>>(object({ reference_year: optional(literal([asked.reference_year])) })),
      answer,
    ),
} as const satisfies Operation;

export const GET_INCOME_REPORT_STATUS = {
  method: 'GET',
  path: (id: number) => `/income-report/${idSegment('getIncomeReportStatus', id)}`,
  response: Report,
  mutation: false,
  // `z.object({ id: z.literal(id) })`, read by hand.
  answers: (answer: IncomeReportData, id: number) =>
    parseResponse(
      'getIncomeReportStatus',
      reader<z.ZodMiniType<unknown>>(object({ id: literal([id]) })),
      answer,
    ),
} as const satisfies Operation;

export const GET_AVAILABLE_YEARS = {
  method: 'GET',
  path: '/income-report/available-years',
  response: /* @__PURE__ */ reader<typeof AvailableYearsResponse>(AvailableYearsRun),
  mutation: false,
} as const satisfies Operation;

/**
 * Asks for the income report of a year (`POST /income-report/generate`); poll its status next.
 *
 * @example
 * const report = await generateIncomeReport(http, { reference_year: 2025, type: 'download' });
 */
export const generateIncomeReport: WithHttp<UserModule['generateIncomeReport'], 'post'> =
  /* @__PURE__ */ userOperation('generateIncomeReport', GENERATE_INCOME_REPORT);

/**
 * A report's status (`GET /income-report/{id}`): 1 pending, 2 processing, 3 completed, 4 failed.
 *
 * @example
 * const { status, download_url } = await getIncomeReportStatus(http, report.id);
 */
export const getIncomeReportStatus: WithHttp<UserModule['getIncomeReportStatus'], 'get'> =
  /* @__PURE__ */ userOperation('getIncomeReportStatus', GET_INCOME_REPORT_STATUS);

/**
 * The years a report can be generated for (`GET /income-report/available-years`).
 *
 * @example
 * const { years } = await getAvailableYears(http);
 */
export const getAvailableYears: WithHttp<UserModule['getAvailableYears'], 'get'> =
  /* @__PURE__ */ userOperation('getAvailableYears', GET_AVAILABLE_YEARS);
