// The set-up of the report tests of test/client (a player's report read across the tabs of one
// browser): two tabs, player 1 signed in at one, and the report machine of a tab.
import { createActor } from 'xstate';
import { type IncomeReportUser, incomeReportMachine } from '../../machines/incomeReportMachine';
import { logIn, S, type Tab, type TabOptions, type World } from './world';

/**
 * Tabs A (`tab-a`, random 0.3) and B (`tab-b`, random 0.6) of the world's browser (`o` for both),
 * player 1 signed in at A, then a second of the world's time (B follows).
 */
export async function playerOneAtA(world: World, o: TabOptions = {}): Promise<{ a: Tab; b: Tab }> {
  const a = world.open({ tabId: 'tab-a', random: 0.3, ...o });
  const b = world.open({ tabId: 'tab-b', random: 0.6, ...o });
  await logIn(world, a);
  await world.advance(S, 100);
  return { a, b };
}

/**
 * The report machine of `tab` as docs/bindings.md runs it (the world's clock, the tab's page
 * signals, random 0.5; `o` for the user module, default the tab's, and the poll's timing), not
 * started.
 */
export function reportMachineOf(
  world: World,
  tab: Tab,
  {
    user = tab.client.user,
    ...timing
  }: { user?: IncomeReportUser; pollIntervalMs?: number; maxPollMs?: number } = {},
) {
  return createActor(incomeReportMachine, {
    clock: world.clock,
    input: {
      user,
      now: () => world.clock.now(),
      random: () => 0.5,
      environment: tab.page.signals(),
      ...timing,
    },
  });
}
