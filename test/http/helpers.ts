import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';

/** A base URL nothing listens on: a port taken, then let go. */
export async function refusedURL(): Promise<string> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * A server that accepts the connection, reads the request and resets the socket without answering
 * (a crashed upstream). The reference server cannot do this; it always answers or hangs.
 */
export async function startResettingServer(): Promise<{
  url: string;
  count: () => number;
  close: () => Promise<void>;
}> {
  let count = 0;
  const server = createServer((req) => {
    count += 1;
    req.resume();
    req.on('end', () => req.socket.destroy());
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/**
 * Everything a logger, an error tracker or a developer could see of an error: message, stack,
 * `String()`, `JSON.stringify`, `util.inspect`, and the same for every link of the cause chain.
 */
export function visibleText(error: unknown): string {
  const parts: string[] = [];
  let link: unknown = error;
  for (let depth = 0; link !== undefined && link !== null && depth < 10; depth += 1) {
    parts.push(String(link), safeStringify(link), inspect(link, { depth: 10 }));
    if (link instanceof Error) {
      parts.push(link.message, link.stack ?? '');
      for (const key of Object.keys(link))
        parts.push(key, inspect((link as unknown as Record<string, unknown>)[key]));
    }
    link = link instanceof Error ? link.cause : undefined;
  }
  return parts.join('\n');
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch (error) {
    return `unserializable: ${String(error)}`;
  }
}

/** Ref'd timers (the kind that keep a process alive): a leaked request timer shows up here. */
export function liveTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

/** Rejection of `promise`, or a failure if it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
