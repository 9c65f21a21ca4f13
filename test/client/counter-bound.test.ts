import { expect, it } from 'vitest';
import { MAX_SESSION_COUNTER as CHANNEL_BOUND } from '../../machines/cross-tab';
import { COUNTER_MAX } from '../../machines/session/order';
import { MAX_SESSION_COUNTER } from '../../src/session/token';

// The machines write the store's counter bound as a literal (pam-client/internal's names went to
// the auth core): the channel's schema, the session order and the store must stay one number.
it('the counter bound of the channel and the session order is the store’s', () => {
  expect(CHANNEL_BOUND).toBe(MAX_SESSION_COUNTER);
  expect(COUNTER_MAX).toBe(MAX_SESSION_COUNTER);
  expect(MAX_SESSION_COUNTER).toBe(2 ** 48);
});
