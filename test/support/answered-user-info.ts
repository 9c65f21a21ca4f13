// A profile's userInfo that answers every restriction field: nothing in force unless `over` says
// so, the loss and time limits set (the mandatory ones). One fixture for the server, the seeded
// client and the server render.
import { freeUserInfo } from './free-user-info';

export const answeredUserInfo = (over: Record<string, unknown> = {}): Record<string, unknown> =>
  freeUserInfo({
    user_limit_loss: 100,
    user_limit_loss_active: 1,
    user_limit_loss_period: 'monthly',
    user_limit_time: 600,
    user_limit_time_active: 1,
    user_limit_time_period: 'monthly',
    ...over,
  });
