import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';

const T = Date.UTC(2031, 5, 1, 12, 0, 7);
const ctx = useReferenceServer({ now: () => T });

describe("the reference server's Date header", () => {
  it("is the server's own time (its injected now), not Node's real time", async () => {
    const answer = await fetch(`${ctx.server.url}/auth/user-profile`);
    expect(answer.headers.get('date')).toBe(new Date(T).toUTCString());
  });
});
