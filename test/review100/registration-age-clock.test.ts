// Review 100. Severity: LOW.
// What happens: registration's 18+ rule reads the global `Date.now()` (src/schemas/readers/core.ts
// `checkBirthDate` -> src/responsible-gaming/time.ts `isAtLeastYearsOld(birthDate, 18, now =
// Date.now())`), never the client's one clock (`environment.now`/`clock`, the server time it
// learned). With the device's Date ahead of the client's clock, a player who is 16 by the client's
// clock is registered: the POST is sent, and only the server stops it.
// What should happen: "Under 18 (`birth_date`, in `America/Sao_Paulo`) is refused" on the client's
// clock ("One clock ... Every machine defaults to this clock"): a typed `invalid_request` at
// `birth_date`, nothing sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { S, useWorld } from '../support/world';

const world = useWorld();

afterEach(() => {
  vi.useRealTimers();
});

describe("registration: 18+ on the client's clock", () => {
  // Left (LOW, review 100): the 18+ rule is the request reader's, which reads the device's Date
  // (src/schemas/readers/core.ts `checkBirthDate`); the server, whose clock decides, refuses an
  // under-age registration whatever the client sends. Giving the readers the client's clock means a
  // clock option on the registration module and the user rows (a public change): not this pass.
  // This `fails` turns red when a later change makes it hold: then make it a plain test.
  it.fails('16 by the client clock (2030-01-01), 18 by a device Date ahead: refused, nothing sent', async () => {
    // Only Date is faked (the world's timers are its own SimulatedClock).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2031-06-01T12:00:00Z') });
    const tab = world.open({ channel: false });
    await world.settle();
    tab.client.register({
      email: 'kid@example.com',
      password: 'Str0ng!Passw0rd',
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
      birth_date: '2013-03-01',
    });
    await world.advance(2 * S, 100);
    expect(world.count('POST', '/auth/register-simplified')).toBe(0);
    expect(tab.client.view.error?.code).toBe('invalid_request');
  });
});
