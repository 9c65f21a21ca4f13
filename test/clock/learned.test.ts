import { describe, expect, it } from 'vitest';
import { createClock } from '../../machines/clock';

// Review 5 D3: whether the one clock ever read an answer's `Date` (`learned`). Until then its
// server time is the device's, which nothing checked; the first `Date` is told to the listeners
// even when the trust does not change (a dated restriction may now be judged).

describe('createClock learned', () => {
  it('is false until an answer’s Date is read, then true for good; the first is told once', () => {
    let wall = Date.UTC(2026, 10, 24, 15);
    const clock = createClock({ wall: () => wall, monotonic: () => wall });
    const heard: boolean[] = [];
    clock.subscribe((t) => heard.push(t));
    expect(clock.learned?.()).toBe(false);
    expect(clock.trusted()).toBe(true);
    clock.learn(Number.NaN); // no readable Date
    expect(clock.learned?.()).toBe(false);
    expect(heard).toEqual([]);
    clock.learn(wall - 500);
    expect(clock.learned?.()).toBe(true);
    expect(heard).toEqual([true]);
    wall += 1_000;
    clock.learn(wall - 500);
    expect(heard).toEqual([true]);
    expect(clock.learned?.()).toBe(true);
  });

  it('the first Date far from the device clock: told once, untrusted, learned', () => {
    const wall = Date.UTC(2026, 10, 24, 15);
    const clock = createClock({ wall: () => wall, monotonic: () => wall });
    const heard: boolean[] = [];
    clock.subscribe((t) => heard.push(t));
    clock.learn(wall - 6 * 86_400_000);
    expect(heard).toEqual([false]);
    expect(clock.learned?.()).toBe(true);
  });
});
