import * as z from 'zod/mini';
import { atLeast, atMost, int, integerField, optionalInteger, optionalText, readInteger } from './common';
import { list } from './list';
import { strictObject } from './objects';

// Spec 2.13 and 3.1.

export const IncomeReportDeliveryType = /* @__PURE__ */ (() => z.literal(['email', 'download']))();
export type IncomeReportDeliveryType = z.infer<typeof IncomeReportDeliveryType>;

/** A calendar year as an integer (the spec says number; a fraction is never a year). */
export const ReferenceYear = /* @__PURE__ */ (() => int(atLeast(1900), atMost(9999)))();

/**
 * The body of `generateIncomeReport`: the reference year and the delivery. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = IncomeReportGeneratePayload.safeParse(data);
 */
export const IncomeReportGeneratePayload = /* @__PURE__ */ (() =>
  strictObject({
    reference_year: ReferenceYear,
    type: IncomeReportDeliveryType,
  }))();
/** What `IncomeReportGeneratePayload` reads: the body of `generateIncomeReport`: the reference year and the delivery. */
export type IncomeReportGeneratePayload = z.infer<typeof IncomeReportGeneratePayload>;

const STATUSES = [1, 2, 3, 4] as const;

/**
 * 1 pending, 2 processing, 3 completed, 4 failed (spec 3.1); `'3'` reads as 3. One transform for
 * what was `z.pipe(z.transform(readInteger), z.literal([1, 2, 3, 4]))`, with the literal's issue
 * (`invalid_value`, the four values) for anything else (issue 33, sizes: z.pipe's class).
 */
export const IncomeReportStatus = /* @__PURE__ */ (() =>
  z.transform((value: unknown, payload) => {
    const status = readInteger(value);
    if (!STATUSES.includes(status as 1))
      payload.issues.push({ code: 'invalid_value', values: [...STATUSES], input: status });
    return status as (typeof STATUSES)[number];
  }) as unknown as z.ZodMiniType<(typeof STATUSES)[number], unknown>)();
/** What `IncomeReportStatus` reads: an income report's status: 1 pending, 2 processing, 3 completed, 4 failed. */
export type IncomeReportStatus = z.infer<typeof IncomeReportStatus>;

/**
 * The income report's statuses by name (spec 3.1).
 *
 * @example
 * if (report.status === INCOME_REPORT_STATUS.completed) download(report);
 */
export const INCOME_REPORT_STATUS = {
  pending: 1,
  processing: 2,
  completed: 3,
  failed: 4,
} as const satisfies Record<string, IncomeReportStatus>;

/**
 * `z.nullable(z.string())` as a transform: a string or null as sent, z.string's issue
 * (`invalid_type`, expected `string`) for anything else (issue 33, sizes: z.nullable's class).
 */
const stringOrNull = /* @__NO_SIDE_EFFECTS__ */ () =>
  z.transform((value: unknown, payload) => {
    if (value !== null && typeof value !== 'string')
      payload.issues.push({ code: 'invalid_type', expected: 'string', input: value });
    return value;
  }) as unknown as z.ZodMiniType<string | null, string | null>;

// No Required column, so fields are optional but typed, except `id` and `status`: a report
// without them cannot be polled (spec 3.1), so their absence is an invalid response.
/**
 * An income report as `generateIncomeReport` and `getIncomeReportStatus` answer it (spec 3.1). A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = IncomeReportData.safeParse(data);
 */
export const IncomeReportData = /* @__PURE__ */ (() =>
  z.object({
    id: integerField(),
    status: IncomeReportStatus,
    reference_year: optionalInteger(),
    delivery_type: z.optional(IncomeReportDeliveryType),
    requested_at: optionalText(),
    generated_at: z.optional(stringOrNull()),
    path: z.optional(stringOrNull()),
    download_url: z.optional(stringOrNull()),
  }))();
/** What `IncomeReportData` reads: an income report as `generateIncomeReport` and `getIncomeReportStatus` answer it (spec 3.1). */
export type IncomeReportData = z.infer<typeof IncomeReportData>;

/**
 * What `getAvailableYears` answers: the years an income report can be asked for. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = AvailableYearsResponse.safeParse(data);
 */
export const AvailableYearsResponse = /* @__PURE__ */ (() => z.object({ years: list(integerField()) }))();
/** What `AvailableYearsResponse` reads: what `getAvailableYears` answers: the years an income report can be asked for. */
export type AvailableYearsResponse = z.infer<typeof AvailableYearsResponse>;
