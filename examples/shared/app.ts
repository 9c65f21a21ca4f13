// What the four examples share, framework-agnostic: the client, the texts they derive from the
// session view (restrictions, limits) and from errors (describeError), the report's view and its
// download. Each app only renders. No error text is written here: every error goes through
// `describeError`.

import {
  describeError,
  INCOME_REPORT_STATUS,
  type IncomeReportStatus,
  type LimitState,
  type Restriction,
  type Restrictions,
  SELF_EXCLUSION_PLATFORM_URL,
  type UpdateLimitsPayload,
} from 'pam-client';
import { createPamClient, type incomeReportMachine, type PamClient } from 'pam-client/machines';
import type { SnapshotFrom } from 'xstate';

export { SELF_EXCLUSION_PLATFORM_URL };

/**
 * Same origin: the demo server proxies `/api/*` to the reference server (no CORS). Each app calls
 * this once, in its `client.ts` module, never in a component.
 */
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
export const PAUSE_DAYS = [1, 7, 14, 30, 45] as const;
export const EXCLUSION_MONTHS = [3, 6, 12, 24, 36, 60, -1] as const;
export const pauseLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);
export const exclusionLabel = (months: number) => (months === -1 ? 'permanently' : `${months} months`);

/**
 * The lines to show for an error (`describeError`'s title, then each field's messages), empty
 * without one. `retryAt` is the session view's, for the 429 wait.
 */
export function problemLines(error: unknown, retryAt?: number | null): string[] {
  if (error == null) return [];
  const { title, fields } = describeError(error, { locale: 'en', retryAt: retryAt ?? null });
  return [
    title,
    ...Object.entries(fields).flatMap(([field, messages]) => messages.map((m) => `${field}: ${m}`)),
  ];
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});
export const formatDate = (ms: number | null | undefined) => (ms == null ? '—' : dateFormat.format(ms));

const KIND_LABEL: Record<Restriction['kind'], string> = {
  pause: 'Paused',
  selfExclusion: 'Self-excluded',
  operatorExclusion: 'Excluded by the operator',
  spaExclusion: 'Barred by the SPA (Secretaria de Prêmios e Apostas)',
};
const BY_LABEL: Record<Restriction['imposedBy'], string> = {
  self: 'by you',
  operator: 'by the operator',
  spa: 'by the SPA',
};

export interface RestrictionLine {
  key: string;
  kind: Restriction['kind'];
  text: string;
  note: string | null;
  pending: boolean;
}

/** One line per restriction in force (then pending), as the banner shows it. */
export function restrictionLines(r: Restrictions | null | undefined): RestrictionLine[] {
  if (!r) return [];
  const line = (x: Restriction, pending: boolean, i: number): RestrictionLine => {
    const end = x.permanent ? 'permanent' : x.indefinite ? 'indefinite' : `until ${formatDate(x.until)}`;
    const since = pending ? `from ${formatDate(x.since)}` : `since ${formatDate(x.since)}`;
    // Only worth saying when it is before the end.
    const lift =
      x.earliestLiftAt != null && (x.until == null || x.earliestLiftAt < x.until)
        ? `; may be lifted from ${formatDate(x.earliestLiftAt)}`
        : '';
    return {
      key: `${pending ? 'p' : 'f'}${i}-${x.kind}`,
      kind: x.kind,
      text: `${pending ? 'Pending: ' : ''}${KIND_LABEL[x.kind]} ${BY_LABEL[x.imposedBy]}, ${since}, ${end}${lift}`,
      note: x.note,
      pending,
    };
  };
  return [...r.inForce.map((x, i) => line(x, false, i)), ...r.pending.map((x, i) => line(x, true, i))];
}

/** The deposit limit in force: `250 weekly`, `… (inactive)`, or 'none'. */
export function limitText(limit: LimitState | null | undefined): string {
  if (!limit || limit.amount == null) return 'none';
  const state = limit.active ? '' : ' (inactive)';
  return `${limit.amount} ${limit.period ?? ''}${state}`.replace(/\s+/g, ' ').trim();
}

/** A pending change of a limit: `300 monthly from 24 Nov 2026, 00:00`, or null. */
export function pendingLimitText(limit: LimitState | null | undefined): string | null {
  const change = limit?.pendingChange;
  if (!change) return null;
  const what =
    change.amount == null ? 'a change' : `${change.amount} ${change.period ?? ''}`.replace(/\s+$/, '');
  const off = change.active === false ? ' (switched off)' : '';
  return `${what}${off} from ${formatDate(change.effectiveAt)}`;
}

/**
 * The payload for `client.user.updateLimits`: always an ACTIVE limit. An amount that is not a
 * number is passed on as NaN, so the schema rejects it with a RequestValidationError and nothing is sent.
 */
export function depositLimitPayload(amount: string, period: string): UpdateLimitsPayload {
  return {
    user_limit_deposit: amount.trim() === '' ? Number.NaN : Number(amount),
    user_limit_deposit_active: 1,
    user_limit_deposit_period: period as LimitPeriod,
  };
}

/** Whole minutes and seconds, for the play-time alert. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)} min ${s % 60} s`;
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
  if (!answer.ok) throw new Error(`download ${answer.status}`);
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
    errors: problemLines(error),
  };
}
