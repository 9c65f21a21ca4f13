/** A limit not set: no amount, no period, off, nothing pending. */
export const LIMIT_OFF = { amount: null, period: null, active: false, pendingChange: null };

/**
 * Session restrictions read at `checkedAt`: current, nothing in force or pending, free to bet,
 * every limit off but those given (`limits`).
 *
 * @example
 * freeRestrictions(at, { deposit: { amount: 500, period: 'monthly', active: true, pendingChange: null } });
 */
export const freeRestrictions = <L extends object = object>(checkedAt: number, limits?: L) => ({
  status: 'current',
  inForce: [],
  pending: [],
  canBet: true,
  accountBlocked: false,
  missingMandatoryLimits: [],
  error: null,
  checkedAt,
  limits: { deposit: LIMIT_OFF, bet: LIMIT_OFF, loss: LIMIT_OFF, time: LIMIT_OFF, ...limits },
});
