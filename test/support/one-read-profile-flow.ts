import { createActor, type SimulatedClock } from 'xstate';
import { profileFlow } from '../../machines/session/profile';

/**
 * The profile flow on `sim`, for player 1 (login 1): its first read answers `userInfo`, every later
 * read never answers, so what shows after is what the flow derives by itself. `reads()` counts them.
 */
export function oneReadProfileFlow(sim: SimulatedClock, userInfo: Record<string, unknown>) {
  let reads = 0;
  const auth = {
    getUserProfile: () =>
      reads++ === 0
        ? Promise.resolve({ user: { id: 1, cancelled_account: false }, userInfo })
        : new Promise(() => {}),
  };
  const flow = createActor(profileFlow, {
    clock: sim,
    input: {
      services: { auth, serverNow: () => sim.now(), random: () => 0.5 } as never,
      owner: { userId: 1, sid: 1 },
    },
  }).start();
  return { flow, reads: () => reads };
}
