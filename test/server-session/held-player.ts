import { SimulatedClock } from 'xstate';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { until } from '../support/event-loop';
import { heldPatches } from '../support/held-patches';
import { browserProfile, type usePam } from './support';

/**
 * The seed's plain player signed in on a server-session client (user module, no channel, simulated
 * timers) whose PATCH answers the test can hold at the browser (`heldPatches`): free to bet.
 */
export async function heldPlayerTab(
  { ref, fx }: ReturnType<typeof usePam>,
  clients: ServerSessionClientBase[],
) {
  const patches = heldPatches(browserProfile(fx.served.url).fetch);
  const client = createServerSessionClient({
    fetch: patches.fetch,
    environment: { channel: null, timers: new SimulatedClock() },
    flows: [userModule()],
  });
  clients.push(client);
  await client.ready;
  const { plain } = ref.server.seed;
  client.login({ login: plain.email, password: plain.password });
  await until(() => client.view.restrictions?.canBet === true, 'signed in, free to bet');
  return { client, patches };
}
