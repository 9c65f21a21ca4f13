// What the three examples share, framework-agnostic: the client, error texts, the deposit
// limit form's payload and the report's download. Each app only renders.

import {
  HttpError,
  INCOME_REPORT_STATUS,
  type IncomeReportStatus,
  isPamError,
  RequestValidationError,
  type UpdateLimitsPayload,
  type UserProfileInfo,
} from 'pam-client';
import { createPamClient, type incomeReportMachine, type PamClient } from 'pam-client/machines';
import type { SnapshotFrom } from 'xstate';

/** Same origin: the demo server proxies `/api/*` to the reference server (no CORS). */
export function createDemoClient(): PamClient {
  return createPamClient({ baseURL: `${location.origin}/api` });
}

/** The income report's first poll waits this long; the machine backs off from there. */
export const REPORT_POLL_INTERVAL_MS = 1000;

export const REPORT_STATUS_LABEL: Record<IncomeReportStatus, string> = {
  1: 'pending',
  2: 'processing',
  3: 'completed',
  4: 'failed',
};

export const LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/**
 * Lines to show for an error: the issues of a payload we refused to send, the server's message
 * and field errors, or the message of any other error. None of them ever holds a password.
 */
export function errorLines(error: unknown): string[] {
  if (error == null) return [];
  if (error instanceof RequestValidationError) {
    return error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'form'}: ${i.message}`);
  }
  if (error instanceof HttpError) {
    const fields = Object.entries(error.fieldErrors ?? {}).flatMap(([field, messages]) =>
      messages.map((m) => `${field}: ${m}`),
    );
    return [error.message, ...fields];
  }
  if (isPamError(error) || error instanceof Error) return [error.message];
  return [String(error)];
}

/** The deposit limit as the profile's userInfo shows it, or null when none is set. */
export function depositLimitText(info: Partial<UserProfileInfo> | undefined): string | null {
  if (!info || info.user_limit_deposit == null) return null;
  const state = info.user_limit_deposit_active === 0 ? ' (inactive)' : '';
  return `${info.user_limit_deposit} ${info.user_limit_deposit_period ?? ''}${state}`
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The payload for `client.user.updateLimits`. An amount that is not a number is passed on as
 * NaN, so the schema rejects it with a RequestValidationError and nothing is sent.
 */
export function depositLimitPayload(amount: string, period: string): UpdateLimitsPayload {
  return {
    user_limit_deposit: amount.trim() === '' ? Number.NaN : Number(amount),
    user_limit_deposit_active: 1,
    user_limit_deposit_period: period as LimitPeriod,
  };
}

/**
 * Downloads a completed report. Its `download_url` points at the API's own origin and needs
 * the access token, so a plain link cannot fetch it: take the path, ask the API through the
 * client's base URL with the token from the client's store, and save the answer.
 */
export async function downloadReport(client: PamClient, downloadUrl: string, year: number): Promise<void> {
  const { pathname } = new URL(downloadUrl, location.href);
  const session = await client.tokens.get();
  const answer = await fetch(`${location.origin}/api${pathname}`, {
    headers: session ? { authorization: `${session.tokenType} ${session.accessToken}` } : {},
  });
  if (!answer.ok) throw new Error(`The download failed with ${answer.status}`);
  const href = URL.createObjectURL(await answer.blob());
  const link = Object.assign(document.createElement('a'), { href, download: `income-report-${year}.pdf` });
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

type ReportSnapshot = SnapshotFrom<typeof incomeReportMachine>;

/** What the income report section shows for a snapshot of `incomeReportMachine`. */
export function reportView(s: ReportSnapshot) {
  const { report, error } = s.context;
  const status = s.matches('loadingYears')
    ? 'loading years'
    : s.matches('timedOut')
      ? 'timed out'
      : report
        ? REPORT_STATUS_LABEL[report.status]
        : s.matches('generating')
          ? 'requesting'
          : 'not started';
  return {
    status,
    statusClass: `status status-${status.replace(' ', '-')}`,
    /** 0..3 for a `<progress max="3">`; a failed report shows none. */
    progress: report && report.status !== INCOME_REPORT_STATUS.failed ? report.status : 0,
    canGenerate: s.matches('ready'),
    canCancel: s.matches('generating') || s.matches('polling'),
    canRetry: s.matches('failed'),
    canReset: s.matches('completed') || s.matches('failed') || s.matches('timedOut'),
    downloadUrl: s.matches('completed') ? (report?.download_url ?? null) : null,
    year: report?.reference_year ?? s.context.request?.referenceYear ?? 0,
    errors: [
      ...errorLines(error),
      ...(s.matches('failed') && !error ? ['The report could not be generated.'] : []),
    ],
  };
}
