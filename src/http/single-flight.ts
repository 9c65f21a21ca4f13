/**
 * Wraps `run` so concurrent callers share one in-flight call; the next call after it settles starts
 * a fresh one. A rejection counts as `false`, so a failing refresh never escapes into a request.
 */
export function singleFlight(run: () => Promise<boolean>): () => Promise<boolean> {
  let inFlight: Promise<boolean> | undefined;
  return () => {
    inFlight ??= Promise.resolve()
      .then(run)
      .then(
        (ok) => ok === true,
        () => false,
      )
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}
