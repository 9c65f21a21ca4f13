// The server's verdict on a report (status 4, spec 3.1) as a typed error, so `context.error`
// says why the machine is in `failed` and describeError has words for it.
import { type IncomeReportData, PamError } from 'pam-client';

/**
 * The server marked an income report failed (status 4). The spec gives no reason beyond the
 * status, so the error carries the report's id, year and status; `code` is `'report_failed'`.
 * It is `context.error` of `incomeReportMachine` in `failed` after such a report. A type only:
 * the machines read errors by brand and code (`isPamError`), never `instanceof`.
 *
 * @example
 * if (isPamError(error) && error.code === 'report_failed') showRetry(describeError(error).title);
 */
export interface IncomeReportFailedError extends PamError {
  readonly code: 'report_failed';
  /** The report's id. */
  readonly reportId: number;
  /** The report's reference year, when the server said. */
  readonly referenceYear: number | null;
  /** The report's status as the server gave it (4, failed). */
  readonly status: number;
}

/** The class behind `IncomeReportFailedError` (its `name` says `IncomeReportFailedError`). */
export class ReportFailedError extends PamError implements IncomeReportFailedError {
  declare readonly code: 'report_failed';
  declare readonly reportId: number;
  declare readonly referenceYear: number | null;
  declare readonly status: number;

  constructor(report: Pick<IncomeReportData, 'id' | 'status' | 'reference_year'>) {
    const year = report.reference_year ?? null;
    super(
      'report_failed',
      `Income report ${report.id}${year === null ? '' : ` (${year})`} failed on the server (status ${report.status})`,
    );
    this.name = 'IncomeReportFailedError';
    this.reportId = report.id;
    this.referenceYear = year;
    this.status = report.status;
  }
  // (`toJSON()`: PamError's, every field above.)
}
