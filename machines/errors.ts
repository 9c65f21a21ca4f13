// What a machine reads from an error, by brand and fields, never by `instanceof`: an auth module
// from the CJS build and machines from the ESM build (or two copies of the package) must still
// agree on what a 401, a 429 or a 503 is. The core holds the one definition of each concern
// (`asPamError`, `isTransientError`, `retryAfterMs`: docs/contract.md); these read it for machines
// (`retryAfterMs` itself, read in place: `?? 0` where a number is needed, smaller gzipped).

import { isPamError } from 'pam-client';

/** The HTTP status of an error from any copy of pam-client, else null. */
export const statusOf = (error: unknown): number | null => {
  const status = isPamError(error) ? (error as { status?: unknown }).status : null;
  return typeof status === 'number' ? status : null;
};
