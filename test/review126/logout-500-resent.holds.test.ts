// Review 126 (holds): the control of logout-not-confirmed.defect: a logout answered 500 is sent
// again after its wait (0.5 s), the client signed out.
import { describe, expect, it } from 'vitest';
import { useLogoutProbe } from './logout';

const logoutAnswered = useLogoutProbe();

describe('review 126 (holds): a logout answered 500', () => {
  it('is sent again', async () => {
    expect(await logoutAnswered(500, '{}')).toEqual({ first: 1, ran: 1, after: 2, status: 'signedOut' });
  });
});
