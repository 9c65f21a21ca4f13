// Two server-session tabs (the user module, one fake channel) of one browser behind pam-client/server,
// in front of a hostile API: the world of the tests that play forged words and late 401s.
import { createServerSessionClient, userModule } from '../../machines/index';
import { type HostileAPI, pamFor } from '../server/hostile';
import { FakeChannelHub } from '../support/fake-channel';
import { serveHandler } from '../support/serve-handler';
import { browserProfile } from './support';

/**
 * The proxy over `api` served on 127.0.0.1, one browser's cookie jar (`profile`), a channel hub and
 * two tabs on it. Stop the tabs and close `site` (then `api`) after the test.
 *
 * @example
 * const { site, profile, hub, tabs } = await hostileTabs(api);
 */
export async function hostileTabs(api: HostileAPI) {
  const pam = pamFor(api, { cookie: { secure: false } });
  const site = await serveHandler((request, context) => pam.handle(request, context));
  const profile = browserProfile(site.url);
  const hub = new FakeChannelHub();
  const tabs = [0, 1].map(() =>
    createServerSessionClient({
      fetch: profile.fetch,
      flows: [userModule()],
      environment: { channel: hub.channel() },
    }),
  );
  return { site, profile, hub, tabs };
}
