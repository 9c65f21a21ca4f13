import { describe, expect, it } from 'vitest';
import { createClock } from '../../machines/clock';

// Lying answers against the clock's trust (issue 26, adversarial review; docs/time.md rules 3–5):
// two liars at login, one answer after a jump, and device steps each under the jump threshold.

const T0 = Date.UTC(2030, 0, 1, 12);
const Y2100 = Date.UTC(2100, 0, 1);
const H = 3_600_000;

/** A device whose wall and monotonic clocks move together unless a test steps the wall alone; the server keeps `T0 + mono`. */
function setup() {
  const d = { wall: T0, mono: 0 };
  const clock = createClock({ wall: () => d.wall, monotonic: () => d.mono });
  const tick = (ms: number) => {
    d.wall += ms;
    d.mono += ms;
  };
  const server = () => T0 + d.mono;
  const header = () => Math.floor(server() / 1000) * 1000;
  const error = () => Math.abs(clock.serverNow() - server());
  return { d, clock, tick, server, header, error };
}

describe('createClock trust: two liars at login', () => {
  it('two answers dated 2100 at login are not trusted, nor after the next real answer', () => {
    const { clock, tick, header } = setup();
    clock.learn(Y2100);
    tick(100);
    clock.learn(Y2100 + 1000);
    expect(clock.trusted()).toBe(false);
    tick(100);
    clock.learn(header());
    expect(clock.trusted()).toBe(false);
  });

  it('real answers outnumbering the two liars in the window bring trust back at the true time', () => {
    const { clock, tick, header, error } = setup();
    clock.learn(Y2100);
    clock.learn(Y2100 + 1000);
    for (let i = 0; i < 3; i++) {
      tick(100);
      clock.learn(header());
    }
    expect(clock.trusted()).toBe(true);
    expect(error()).toBeLessThanOrEqual(clock.boundMs);
  });
});

describe('createClock trust: one answer after a jump', () => {
  it('after a step forward, one answer dated 2100 is not trusted', () => {
    const { d, clock, tick, header } = setup();
    clock.learn(header());
    tick(100);
    clock.learn(header());
    d.wall += 2 * H;
    expect(clock.trusted()).toBe(false);
    clock.learn(Y2100);
    expect(clock.trusted()).toBe(false);
  });

  it('after a step back, one answer a day behind is not trusted', () => {
    const { d, clock, tick, header } = setup();
    clock.learn(header());
    tick(100);
    clock.learn(header());
    d.wall -= 3 * H;
    tick(1_000);
    expect(clock.trusted()).toBe(false);
    clock.learn(d.wall - 86_400_000);
    expect(clock.trusted()).toBe(false);
  });

  it('after a jump, one answer with a 30 s round trip is not trusted', () => {
    const { d, clock, tick, header } = setup();
    clock.learn(header());
    tick(100);
    clock.learn(header());
    d.wall += 10 * 60_000;
    expect(clock.trusted()).toBe(false);
    const date = header();
    tick(30_000); // the answer is read 30 s after the server wrote its Date
    clock.learn(date);
    expect(clock.trusted()).toBe(false);
  });

  it('two agreeing answers after a jump bring trust back within the bound', () => {
    const { d, clock, tick, header, error } = setup();
    clock.learn(header());
    d.wall -= 3 * H;
    tick(1_000);
    clock.learn(header());
    tick(300);
    clock.learn(header());
    expect(clock.trusted()).toBe(true);
    expect(error()).toBeLessThanOrEqual(clock.boundMs);
  });
});

describe('createClock trust: the bound holds whatever the device steps', () => {
  it('twenty steps of +900 ms, each under the threshold, untrust the clock', () => {
    const { d, clock, tick, header, error } = setup();
    for (let i = 0; i < 5; i++) {
      tick(200);
      clock.learn(header());
    }
    const trustedErrors: number[] = [];
    for (let i = 0; i < 20; i++) {
      d.wall += 900;
      tick(1_000);
      trustedErrors.push(clock.trusted() ? error() : 0);
    }
    expect(Math.max(...trustedErrors)).toBeLessThanOrEqual(clock.boundMs);
    expect(clock.trusted()).toBe(false);
  });

  it('a +30 s step after 10 h without a reading is seen', () => {
    const { d, clock, tick, header } = setup();
    clock.learn(header());
    tick(100);
    clock.learn(header());
    tick(10 * H); // no reading meanwhile
    d.wall += 30_000;
    expect(clock.trusted()).toBe(false);
  });
});
