import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useServerHidingDate } from '../support/hidden-date';

// Issue 26: a cross-origin API that does not list `Date` in `Access-Control-Expose-Headers` hides
// it from the page; the client then has no server time to learn, and its `debug` log says so once.
// The browser's hiding is played by a fetch that drops the header from every answer.

const { ctx, tracked, newClient, signIn } = useServerHidingDate();

describe('an API that hides Date', () => {
  it('says so once in the debug log, and serverNow stays the device clock', async () => {
    const lines: string[] = [];
    const client = newClient({ debug: (line) => lines.push(line) });
    await signIn(client);
    await tracked.idle();
    client.state.send({ type: 'REFRESH' });
    await until(() => ctx.server.requests.length >= 3, 'the refresh reached the server');
    await tracked.idle();
    const said = lines.filter((l) => l.startsWith('clock:'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('Access-Control-Expose-Headers');
    expect(client.environment.clock.offsetMs()).toBe(0);
  });

  it('says nothing without debug', async () => {
    const client = newClient();
    await signIn(client);
    await tracked.idle();
    expect(client.view.status).toBe('signedIn');
    expect(client.environment.clock.offsetMs()).toBe(0);
  });
});
