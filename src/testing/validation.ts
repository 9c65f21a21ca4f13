// Hand-written request checks: a second, independent reading of spec sections 2 and 8 (the client
// validates with zod in src/schemas; this file deliberately shares nothing with it).

import { invalid } from './http';

/** Returns an error message for `field`, or undefined when `value` passes. */
export type Check = (value: unknown, field: string) => string | undefined;

export interface FieldRule {
  required: boolean;
  check: Check;
}

export type Shape = Record<string, FieldRule>;
export type FieldErrors = Record<string, string[]>;

export const required = (check: Check): FieldRule => ({ required: true, check });
export const optional = (check: Check): FieldRule => ({ required: false, check });

export const isString: Check = (v, f) =>
  typeof v === 'string' ? undefined : `The ${f} field must be a string.`;

export const isBoolean: Check = (v, f) =>
  typeof v === 'boolean' ? undefined : `The ${f} field must be true or false.`;

export const isNumber: Check = (v, f) =>
  typeof v === 'number' && Number.isFinite(v) ? undefined : `The ${f} field must be a number.`;

export const isInteger: Check = (v, f) =>
  Number.isInteger(v) ? undefined : `The ${f} field must be an integer.`;

/** Limit amounts (docs/contract.md gap default): finite numbers >= 0. */
export const isAmount: Check = (v, f) =>
  isNumber(v, f) ?? ((v as number) >= 0 ? undefined : `The ${f} field must be at least 0.`);

/** `*_active` flags of the limits (docs/contract.md gap default): 0 or 1. */
export const isFlag: Check = (v, f) => (v === 0 || v === 1 ? undefined : `The ${f} field must be 0 or 1.`);

export const oneOf =
  (values: readonly unknown[]): Check =>
  (v, f) =>
    values.includes(v) ? undefined : `The selected ${f} is invalid. Allowed: ${values.join(', ')}.`;

export const integerBetween =
  (min: number, max: number): Check =>
  (v, f) =>
    isInteger(v, f) ??
    ((v as number) >= min && (v as number) <= max
      ? undefined
      : `The ${f} field must be between ${min} and ${max}.`);

/** Spec 2.5: `nationalities` is a JSON-encoded string. */
export const isJsonString: Check = (v, f) => {
  const notString = isString(v, f);
  if (notString) return notString;
  try {
    JSON.parse(v as string);
    return undefined;
  } catch {
    return `The ${f} field must be a valid JSON string.`;
  }
};

export const isEmail: Check = (v, f) =>
  isString(v, f) ??
  (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v as string)
    ? undefined
    : `The ${f} field must be a valid email address.`);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks `body` against `shape`; unknown keys are errors too (docs/contract.md: a typo must not be dropped). */
export function checkShape(body: unknown, shape: Shape): FieldErrors {
  const source = body === undefined ? {} : body;
  if (!isPlainObject(source)) return { body: ['The request body must be a JSON object.'] };
  // No prototype: an unknown key `__proto__` is an own key like any other, not the prototype.
  const errors: FieldErrors = Object.create(null);
  for (const [field, rule] of Object.entries(shape)) {
    const value = source[field];
    const missing = value === undefined || value === null || value === '';
    if (rule.required && missing) {
      errors[field] = [`The ${field} field is required.`];
      continue;
    }
    if (value === undefined) continue;
    const message = rule.check(value, field);
    if (message) errors[field] = [message];
  }
  for (const key of Object.keys(source)) {
    if (!Object.hasOwn(shape, key)) errors[key] = [`The ${key} field is not allowed.`];
  }
  return errors;
}

/**
 * Validates `body` and returns it typed as `T`, or throws a 422 with every field error.
 * `T` must describe `shape`; the two sit side by side in each route file.
 */
export function validate<T>(body: unknown, shape: Shape): T {
  const errors = checkShape(body, shape);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return (body ?? {}) as T;
}
