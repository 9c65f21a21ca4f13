// REVIEW-H L2: createPamServer let a getter or a Proxy in its options throw its own error out
// (`Error: boom`), not the ConfigurationError every other bad option gives, and accepted a login
// at the refresh's method and path (the proxy's own call to the API, no route). Now each is a
// ConfigurationError at creation. (An absolute lifetime under the idle one, and a refresh due
// after the absolute end, stay accepted: the absolute end governs; the session then ends with its
// token.)

import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors/config';
import { createPamServer, type PamServerOptions } from '../../src/server/index';
import { SECRETS } from './harness';

/** createPamServer with `over`'s own properties as they are (a getter stays a getter, not read here). */
const create = (over: Record<string, unknown>) => () =>
  createPamServer(
    Object.defineProperties(
      { apiBaseURL: 'https://api.test', secrets: SECRETS },
      Object.getOwnPropertyDescriptors(over),
    ) as PamServerOptions,
  );

describe('createPamServer: options that cannot be read or cannot work together', () => {
  it.each([
    [
      'a secret whose getter throws',
      {
        secrets: [
          {
            id: 'a',
            get secret(): string {
              throw new Error('boom');
            },
          },
        ],
      },
    ],
    [
      'secrets a Proxy that throws',
      {
        secrets: new Proxy([], {
          get() {
            throw new Error('proxy');
          },
        }),
      },
    ],
    [
      'an options getter that throws',
      {
        get timeoutMs(): number {
          throw new Error('boom');
        },
      },
    ],
    [
      'a login at the refresh path',
      { endpoints: { login: { method: 'POST', path: '/users/refresh-token' } } },
    ],
    [
      'a login at a moved refresh path',
      {
        endpoints: { refreshToken: { path: '/v2/refresh' }, login: { method: 'POST', path: '/v2/refresh' } },
      },
    ],
  ])('%s: ConfigurationError, the thrown error not quoted', (_, over) => {
    const run = create(over);
    expect(run).toThrow(ConfigurationError);
    expect(() => run()).not.toThrow(/boom|proxy/);
  });

  it.each([
    [
      'the profile read at GET of the refresh path',
      { endpoints: { getUserProfile: { method: 'GET', path: '/users/refresh-token' } } },
    ],
  ])('%s: created', (_, over) => {
    expect(create(over)).not.toThrow();
  });
});
