// Spec 4.5 and 3.1: income reports. The spec does not show the transitions; ours are driven by the
// server clock: status 1 for `reportStepMs`, then 2 for `reportStepMs`, then 3 (or 4 for 2024).

import { json, notFound } from './http';
import type { DeliveryType, ReportRecord } from './records';
import { type AuthedContext, authedRoute, type Route } from './routing';
import { iso } from './seed';
import type { ServerState } from './state';
import { isInteger, oneOf, required, type Shape, validate } from './validation';

export const AVAILABLE_YEARS: readonly number[] = [2021, 2022, 2023, 2024, 2025];
/** The year whose report always ends in status 4 (failed), to exercise the failure path. */
export const FAILING_YEAR = 2024;

const GENERATE: Shape = {
  reference_year: required((value, field) => isInteger(value, field) ?? oneOf(AVAILABLE_YEARS)(value, field)),
  type: required(oneOf(['email', 'download'])),
};

const PENDING = 1;
const PROCESSING = 2;
const COMPLETED = 3;
const FAILED = 4;

/** Spec 2.13, with the status the clock gives at this moment. */
function present(state: ServerState, report: ReportRecord, status = statusOf(state, report)) {
  const finishedAt = report.requestedAt + 2 * state.config.reportStepMs;
  const completed = status === COMPLETED;
  const path = completed ? `income-reports/${report.userId}/${report.reference_year}-${report.id}.pdf` : null;
  return {
    id: report.id,
    reference_year: report.reference_year,
    status,
    delivery_type: report.delivery_type,
    requested_at: iso(report.requestedAt),
    generated_at: completed ? iso(finishedAt) : null,
    path,
    // A path under the API, which the client joins to its baseURL (docs/contract.md): the same
    // answer downloads from the socket server, behind a path proxy (`/api`) and from the kit with
    // a relative baseURL. Never this server's own address (REVIEW-AA AA-4, AA-15).
    download_url:
      completed && report.delivery_type === 'download' ? `/income-report/${report.id}/file` : null,
  };
}

function statusOf(state: ServerState, report: ReportRecord): number {
  const elapsed = state.now() - report.requestedAt;
  const step = state.config.reportStepMs;
  if (elapsed < step) return PENDING;
  if (elapsed < 2 * step) return PROCESSING;
  return report.reference_year === FAILING_YEAR ? FAILED : COMPLETED;
}

/** The token's user's report `{id}`; another user's report is as unknown as a missing one. */
function ownReport(ctx: AuthedContext): ReportRecord {
  const report = ctx.state.reports.get(ctx.ids.id ?? 0);
  if (!report || report.userId !== ctx.user.id) throw notFound();
  return report;
}

function generate(ctx: AuthedContext): Response {
  const body = validate<{ reference_year: number; type: DeliveryType }>(ctx.body(), GENERATE);
  const report: ReportRecord = {
    id: ctx.state.takeReportId(),
    userId: ctx.user.id,
    reference_year: body.reference_year,
    delivery_type: body.type,
    requestedAt: ctx.state.now(),
  };
  ctx.state.reports.set(report.id, report);
  return json(200, present(ctx.state, report, PENDING));
}

/** Not in the spec: where `download_url` points, so a client can follow it. */
function download(ctx: AuthedContext): Response {
  const report = ownReport(ctx);
  if (report.delivery_type !== 'download' || statusOf(ctx.state, report) !== COMPLETED) throw notFound();
  const pdf = `%PDF-1.4\n% Income report ${report.reference_year} for user ${report.userId}\n%%EOF\n`;
  return new Response(pdf, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="income-report-${report.reference_year}.pdf"`,
    },
  });
}

export const incomeReportRoutes: readonly Route[] = [
  authedRoute('GET', '/income-report/available-years', () => json(200, { years: [...AVAILABLE_YEARS] })),
  authedRoute('POST', '/income-report/generate', generate),
  authedRoute('GET', '/income-report/:id', (ctx) => json(200, present(ctx.state, ownReport(ctx))), {
    ids: ['id'],
  }),
  authedRoute('GET', '/income-report/:id/file', download, { ids: ['id'] }),
];
