// A request body as JSON carries it (the adapter's `JSON.stringify` replacer, ./ofetch-adapter.ts).

/**
 * `JSON.stringify`'s replacer for a request body: throws at a value JSON would not carry as given,
 * so the call is refused, nothing sent (REVIEW32). A function or a symbol (dropped, or the whole
 * body gone: an empty POST), NaN and ±Infinity (sent as `null`), and an object that is not plain
 * data (a Blob, FormData, Map, Set, URLSearchParams, a typed array, a class instance: sent as `{}`
 * or an index map). Plain objects (of any realm, or with no prototype) and arrays pass; a value
 * with `toJSON` (a Date) is judged by what it returns. `undefined` stays JSON's (a field dropped).
 */
export function asJSON(_key: string, value: unknown): unknown {
  const kind = typeof value;
  if (
    kind === 'function' ||
    kind === 'symbol' ||
    (kind === 'number' && !Number.isFinite(value)) ||
    (kind === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.getPrototypeOf(Object.getPrototypeOf(value) || value) !== null)
  )
    throw 0;
  return value;
}
