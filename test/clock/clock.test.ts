import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClock, steadyClock } from '../../machines/clock';

// The one clock (issue 26, docs/time.md): a steady base, the server's time learned on that same
// base from the median of the last answers, trust lost on a device-clock jump. Time is a pair of
// hand-moved numbers: the device's wall clock and its monotonic clock.

const T0 = Date.UTC(2030, 0, 1, 12);
const H = 3_600_000;

/** A device: `wall` and `mono` move together unless a test steps the wall alone. */
function device(start = T0) {
  const d = {
    wall: start,
    mono: 0,
    tick(ms: number) {
      d.wall += ms;
      d.mono += ms;
    },
  };
  return d;
}

/** A clock on `d`, and the server's true time `server(t)` = device wall + `skew`. */
function clockOn(d: ReturnType<typeof device>, options: { samples?: number } = {}) {
  return createClock({ wall: () => d.wall, monotonic: () => d.mono, ...options });
}

/** The `Date` header's reading of a server time: whole seconds, rounded down. */
const header = (serverMs: number) => Math.floor(serverMs / 1000) * 1000;

describe('createClock', () => {
  it('learns the offset on its own base: serverNow is within boundMs of the server', () => {
    const d = device();
    const clock = clockOn(d);
    const skew = 3 * H + 1234; // the device is 3 h behind the server: three answers outvote it
    for (let i = 0; i < 3; i++) {
      d.tick(200);
      clock.learn(header(d.wall + skew));
    }
    d.tick(5_000);
    expect(Math.abs(clock.serverNow() - (d.wall + skew))).toBeLessThanOrEqual(clock.boundMs);
    expect(clock.trusted()).toBe(true);
  });

  it('states its bound: half the header resolution plus a round trip of up to 1.5 s', () => {
    expect(createClock().boundMs).toBe(2_000);
  });

  it('keeps serverNow after the device clock is stepped back 3 h (symptom 2, at the clock)', () => {
    const d = device();
    const clock = clockOn(d);
    for (let i = 0; i < 3; i++) {
      clock.learn(header(d.wall));
      d.tick(1_000);
    }
    const server = () => d.mono + T0; // the server keeps real time
    d.wall -= 3 * H; // NTP on wake, or a player fixing the clock
    d.tick(10_000);
    expect(clock.trusted()).toBe(false);
    clock.learn(header(server()));
    expect(clock.trusted()).toBe(false); // one answer after a jump is never trusted alone
    d.tick(300);
    clock.learn(header(server()));
    expect(clock.trusted()).toBe(true);
    expect(Math.abs(clock.serverNow() - server())).toBeLessThanOrEqual(clock.boundMs);
    // A pause the server enforces for another hour is still in force on the client's clock.
    const pauseEnds = server() + H;
    expect(clock.serverNow()).toBeLessThan(pauseEnds);
  });

  it('the base never goes back, and runs at the monotonic pace after a step back', () => {
    const d = device();
    const clock = clockOn(d);
    const before = clock.now();
    d.wall -= 3 * H;
    d.tick(1_000);
    expect(clock.now()).toBe(before + 1_000);
  });

  it('one far-future Date does not move serverNow, and nothing keeps it (symptom 4, at the clock)', () => {
    const d = device();
    const clock = clockOn(d);
    clock.learn(header(d.wall));
    d.tick(100);
    clock.learn(header(d.wall));
    d.tick(100);
    clock.learn(Date.UTC(2100, 0, 1)); // a proxy glitch
    expect(Math.abs(clock.serverNow() - d.wall)).toBeLessThanOrEqual(clock.boundMs);
    expect(clock.trusted()).toBe(true);
    d.tick(100);
    clock.learn(header(d.wall));
    expect(Math.abs(clock.serverNow() - d.wall)).toBeLessThanOrEqual(clock.boundMs);
  });

  it('a far-future Date as the very first answer is not trusted (the device clock votes)', () => {
    const d = device();
    const clock = clockOn(d);
    clock.learn(Date.UTC(2100, 0, 1));
    expect(clock.trusted()).toBe(false);
    d.tick(100);
    clock.learn(header(d.wall));
    expect(clock.trusted()).toBe(true);
    expect(Math.abs(clock.serverNow() - d.wall)).toBeLessThanOrEqual(clock.boundMs);
  });

  it.each([-5 * H, 5 * H])(
    'a device clock %i ms off the server is trusted once three answers agree (two never outvote it)',
    (skew) => {
      const d = device();
      const clock = clockOn(d);
      clock.learn(header(d.wall + skew));
      expect(clock.trusted()).toBe(false);
      // The answer, not the device, is the best guess meanwhile.
      expect(Math.abs(clock.serverNow() - (d.wall + skew))).toBeLessThanOrEqual(clock.boundMs);
      d.tick(100);
      clock.learn(header(d.wall + skew));
      expect(clock.trusted()).toBe(false);
      d.tick(100);
      clock.learn(header(d.wall + skew));
      expect(clock.trusted()).toBe(true);
      expect(Math.abs(clock.serverNow() - (d.wall + skew))).toBeLessThanOrEqual(clock.boundMs);
    },
  );

  it('a jump forward (or a sleep the monotonic clock did not see) untrusts until two answers agree', () => {
    const d = device();
    const clock = clockOn(d);
    clock.learn(header(d.wall));
    const seen: boolean[] = [];
    clock.subscribe((t) => seen.push(t));
    d.wall += 2 * H;
    expect(clock.trusted()).toBe(false);
    clock.learn(header(d.mono + T0));
    expect(clock.trusted()).toBe(false);
    d.tick(100);
    clock.learn(header(d.mono + T0));
    expect(clock.trusted()).toBe(true);
    expect(Math.abs(clock.serverNow() - (d.mono + T0))).toBeLessThanOrEqual(clock.boundMs);
    expect(seen).toEqual([false, true]);
  });

  it('drift under 500 ms since the kept answers is no jump; steps add up, back and forth alike', () => {
    const d = device();
    const clock = clockOn(d);
    clock.learn(header(d.wall));
    d.mono += H;
    d.wall += H + 300; // 83 ppm over an hour, without a reading
    expect(clock.trusted()).toBe(true);
    d.wall -= 150; // a step back
    expect(clock.trusted()).toBe(true);
    d.wall += 100; // and forward: 550 ms of steps, though the wall is only 250 ms ahead
    expect(clock.trusted()).toBe(false);
  });

  it('rounding between the two clocks (1 ms either way, every reading) never adds up to a jump', () => {
    const d = device();
    const clock = clockOn(d);
    clock.learn(header(d.wall));
    for (let i = 0; i < 5_000; i++) {
      d.mono += 10;
      d.wall += i % 2 ? 11 : 9;
      clock.now();
    }
    expect(clock.trusted()).toBe(true);
  });

  it('keeps the last samples only (at least five), in the order they came', () => {
    const d = device();
    const clock = clockOn(d, { samples: 3 });
    for (const skew of [9 * H, 9 * H, 9 * H, 9 * H, 0, 0, 0]) {
      d.tick(1_000);
      clock.learn(header(d.wall + skew));
    }
    // The 9 h answers came first: of the last five, three say 0.
    expect(Math.abs(clock.serverNow() - d.wall)).toBeLessThanOrEqual(clock.boundMs);
    expect(clock.trusted()).toBe(true);
  });

  it('ignores a Date that is no number', () => {
    const clock = clockOn(device());
    clock.learn(Number.NaN);
    expect(clock.offsetMs()).toBe(0);
    expect(clock.trusted()).toBe(true);
  });

  it('over an app base: learns on that base, no jump detection, monotonic is the base', () => {
    let t = T0 - 3 * H; // the app's clock, 3 h off Date.now and the server alike
    const clock = createClock({ base: () => t });
    clock.learn(header(T0));
    clock.learn(header(T0));
    expect(Math.abs(clock.serverNow() - T0)).toBeLessThanOrEqual(clock.boundMs);
    t += 5_000;
    expect(clock.monotonic()).toBe(t);
    expect(Math.abs(clock.serverNow() - (T0 + 5_000))).toBeLessThanOrEqual(clock.boundMs);
  });

  it('the offset is the median of the last samples: two outliers in five never move it (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 0, maxLength: 25 }),
        fc.subarray([0, 1, 2, 3, 4], { maxLength: 2 }),
        fc.integer({ min: -10 * H, max: 10 * H }),
        fc.integer({ min: 24, max: 1_000_000 }).chain((h) => fc.constantFrom(h * H, -h * H)),
        (earlier, lying, skew, lie) => {
          const d = device();
          const clock = clockOn(d);
          // Any history (outliers included), then five answers of which at most two lie.
          const tail = [0, 1, 2, 3, 4].map((i) => lying.includes(i));
          for (const outlier of [...earlier, ...tail]) {
            d.tick(997);
            clock.learn(header(d.wall + skew + (outlier ? lie : 0)));
          }
          expect(Math.abs(clock.serverNow() - (d.wall + skew))).toBeLessThanOrEqual(clock.boundMs);
          expect(clock.trusted()).toBe(true);
        },
      ),
      { seed: 26, numRuns: 200 },
    );
  });
});

describe('steadyClock', () => {
  it('follows the wall forward, and the monotonic pace after a step back', () => {
    const d = device();
    const now = steadyClock(
      () => d.wall,
      () => d.mono,
    );
    expect(now()).toBe(T0);
    d.wall += H;
    expect(now()).toBe(T0 + H);
    d.wall -= 2 * H;
    d.tick(10);
    expect(now()).toBe(T0 + H + 10);
  });
});
