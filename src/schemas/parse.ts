import type * as z from 'zod/mini';
import type { core } from 'zod/mini';
import { RequestValidationError, ResponseValidationError, type ValidationIssue } from '../errors/index';
import { type Scrubber, scrubberOf } from '../errors/scrub';

/**
 * zod/mini loads no locale (that is what keeps it small), so its own messages are a bare
 * "Invalid input". We write short messages from the issue's structured fields instead, and
 * never from the input value: a message must not echo a password or code back.
 */
function messageFor(issue: core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'too_small':
    case 'too_big': {
      // One builder for both bounds: the wording differs only in the words picked here.
      const small = issue.code === 'too_small';
      const bound = small ? issue.minimum : issue.maximum;
      if (issue.origin === 'string') {
        return small
          ? `must not be shorter than ${bound} character${Number(bound) === 1 ? '' : 's'}`
          : `must not be longer than ${bound} characters`;
      }
      if (issue.origin === 'array') return `must have at ${small ? 'least' : 'most'} ${bound} item(s)`;
      return `must be ${small ? '>' : '<'}${issue.inclusive === false ? '' : '='} ${bound}`;
    }
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern
        ? `must match ${issue.pattern}`
        : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return 'is not a known field';
    case 'invalid_union':
      return 'does not match any of the allowed shapes';
    case 'invalid_key':
    case 'invalid_element':
      return `has an invalid ${issue.code.slice(8)}`;
    default:
      // `custom`: our refinements carry their own message.
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid';
  }
}

const pathOf = (path: readonly PropertyKey[]) =>
  path.filter((p): p is string | number => typeof p !== 'symbol');

/** Flattens zod issues into ours: one issue per unknown key, with the key in the path. */
export function toValidationIssues(issues: readonly core.$ZodIssue[]): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({
          path: [...pathOf(issue.path), key],
          code: 'unrecognized_key',
          message: messageFor(issue),
        });
      }
    } else if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Report the branch that came closest, so a LoginResponse missing one field says which.
      const closest = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
      const prefix = pathOf(issue.path);
      for (const inner of toValidationIssues(closest))
        out.push({ ...inner, path: [...prefix, ...inner.path] });
    } else {
      out.push({ path: pathOf(issue.path), code: issue.code ?? 'custom', message: messageFor(issue) });
    }
  }
  return out;
}

/**
 * Issues with every key and message scrubbed of the request's secrets: a server that echoes
 * the password as a key of its answer (`{"<password>": 1}`) puts it into an unknown-key path.
 */
function scrubbed(issues: ValidationIssue[], scrub: Scrubber): ValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'string' ? scrub.text(p) : p)),
    code: issue.code,
    message: scrub.text(issue.message),
  }));
}

/** A key an object option requires to hold one of `values` (an enum or literal field). */
type Guard = readonly [key: string, values: ReadonlySet<unknown>];
type Plan = readonly (readonly [option: z.ZodMiniType, guards: readonly Guard[]])[];
interface Internals {
  type: string;
  options?: readonly z.ZodMiniType[];
  shape?: Record<string, { _zod: { def: { type: string }; optin?: string; values?: ReadonlySet<unknown> } }>;
  checks?: readonly unknown[];
  inclusive?: boolean;
  discriminator?: unknown;
}
const defOf = (schema: { _zod: { def: unknown } }) => schema._zod.def as Internals;

/**
 * For a plain union (no checks of its own, not exclusive, not discriminated): each option with
 * the keys whose enum or literal field proves it fails when the value there is not one of its
 * values (a `LoginChallenge` for an answer without `type`). `null` for any other schema.
 */
const plans = /* @__PURE__ */ new WeakMap<object, Plan | null>();
function planOf(schema: z.ZodMiniType): Plan | null {
  let plan = plans.get(schema);
  if (plan !== undefined) return plan;
  const def = defOf(schema);
  plan = null;
  if (
    def.type === 'union' &&
    def.options &&
    !def.checks?.length &&
    def.inclusive !== false &&
    !def.discriminator
  )
    plan = def.options.map((option) => {
      const shape = defOf(option).type === 'object' ? (defOf(option).shape ?? {}) : {};
      const guards: Guard[] = [];
      for (const [key, field] of Object.entries(shape)) {
        const { def: fieldDef, optin, values } = field._zod;
        if ((fieldDef.type === 'enum' || fieldDef.type === 'literal') && optin === undefined && values)
          if (key !== '__proto__') guards.push([key, values]);
      }
      return [option, guards] as const;
    });
  plans.set(schema, plan);
  return plan;
}

/**
 * `schema.safeParse(value)`, but a union skips the options its guards prove fail: zod tries
 * every option in order until one passes, so a login answer was read whole as a challenge first
 * (about half its validation). The value is the same (the first option that passes, as zod would
 * pick); when none passes, the whole union is parsed again, so the issues are zod's own.
 */
function safeParse<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
): core.util.SafeParseResult<z.output<S>> {
  const plan = typeof value === 'object' && value !== null && !Array.isArray(value) ? planOf(schema) : null;
  if (plan) {
    const record = value as Record<string, unknown>;
    for (const [option, guards] of plan) {
      if (guards.some(([key, values]) => !values.has(record[key]))) continue;
      const result = option.safeParse(value);
      if (result.success) return result as core.util.SafeParseResult<z.output<S>>;
    }
  }
  return schema.safeParse(value) as core.util.SafeParseResult<z.output<S>>;
}

/** Validates what a caller passed, before anything is sent. */
export function parseRequest<S extends z.ZodMiniType>(
  operation: string,
  schema: S,
  value: unknown,
): z.output<S> {
  const result = safeParse(schema, value);
  if (!result.success) throw new RequestValidationError(operation, toValidationIssues(result.error.issues));
  return result.data;
}

/**
 * Validates what the server answered (2xx only; errors are mapped by the adapter). The issues
 * are scrubbed of every secret the request that fetched `value` sent (the adapter attaches them).
 */
export function parseResponse<S extends z.ZodMiniType>(
  operation: string,
  schema: S,
  value: unknown,
): z.output<S> {
  const result = safeParse(schema, value);
  if (!result.success) {
    const issues = scrubbed(toValidationIssues(result.error.issues), scrubberOf(value));
    throw new ResponseValidationError(operation, issues);
  }
  return result.data;
}
