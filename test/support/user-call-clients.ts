import {
  createCustomPamClient,
  funnelEvents,
  operatorPreset,
  type PamClient,
  userModule,
} from '../../machines/index';
import type { UserModule } from '../../src/index';
import { usePamClients } from './clients';
import { useMemoryLocalStorage } from './memory-local-storage';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from './server';
import { USER_CALLS } from './user-calls';

/**
 * The set-up of the `client.user` tables run on every client kind (after stop, pre-aborted,
 * unreadable): the reference server, its clients stopped after each test, an in-memory
 * `localStorage`, every call's name, the three clients (`prompt`: the funnel's with a step-up
 * prompt that answers the right password), what `localStorage` holds, each call's arguments for a
 * signed-in client, and a call by name.
 *
 * @example
 * const { ctx, signIn, CLIENTS, NAMES, argsOf, call } = useUserCallClients({ prompt: true });
 */
export function useUserCallClients({ prompt = false } = {}) {
  const ctx = useReferenceServer({ reportStepMs: 0 });
  const { client, keep, signIn } = usePamClients(ctx);
  const storage = useMemoryLocalStorage();
  const NAMES = Object.keys(USER_CALLS) as (keyof UserModule)[];
  const CLIENTS: Record<string, () => PamClient> = {
    createPamClient: () => client(),
    'createCustomPamClient([userModule()])': () =>
      keep(
        createCustomPamClient({
          baseURL: ctx.server.url,
          timeout: REAL_TIME_TIMEOUT_MS,
          flows: [userModule()],
          environment: { channel: null },
        }),
      ) as unknown as PamClient,
    [`createPamClient with the funnel${prompt ? ' and a prompt' : ''}`]: () =>
      client({
        flows: funnelEvents(operatorPreset()),
        ...(prompt && { onStepUp: async () => ctx.server.seed.plain.password }),
      }),
  };
  /** What `localStorage` holds now (the step-up count, accepted restrictions, ...). */
  const kept = () => Object.fromEntries(storage.keys().map((k) => [k, globalThis.localStorage.getItem(k)]));
  /** Each call's arguments (`USER_CALLS`) for the signed-in client `c`. */
  const argsOf = async (c: PamClient) => {
    const args = new Map<keyof UserModule, unknown[]>();
    for (const name of NAMES)
      args.set(name, await USER_CALLS[name](c.user as UserModule, ctx.server.seed.plain.id));
    return args;
  };
  const call = (c: PamClient, name: keyof UserModule, args: unknown[]) =>
    (c.user as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!(...args);
  return { ctx, client, keep, signIn, NAMES, CLIENTS, kept, argsOf, call };
}
