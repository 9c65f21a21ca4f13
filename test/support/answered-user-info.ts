// A profile's userInfo that answers every restriction field: nothing in force unless `over` says
// so, the loss and time limits set (the mandatory ones). One fixture for the server, the seeded
// client and the server render.

export const answeredUserInfo = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  user_pause: 0,
  user_pause_at: null,
  user_pause_in: null,
  user_exclusion: 0,
  user_exclusion_at: null,
  user_exclusion_in: null,
  operator_exclusion: 0,
  operator_exclusion_at: null,
  spa_exclusion: 0,
  spa_exclusion_at: null,
  user_limit_loss: 100,
  user_limit_loss_active: 1,
  user_limit_loss_period: 'monthly',
  user_limit_time: 600,
  user_limit_time_active: 1,
  user_limit_time_period: 'monthly',
  ...over,
});
