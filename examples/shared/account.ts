// What the signed-in screen shows, derived from the session view alone (framework-agnostic).
import type { SessionView } from 'pam-client/machines';
import { limitText, pendingLimitText, restrictionLines } from './app';
import { playTimeAlert } from './responsible';
import { standingOf } from './standing';

/**
 * @example
 * const shown = accountView(client.view); // { name, email, restrictions, timeAlert, depositLimit, ... }
 */
export function accountView(view: SessionView) {
  const { user } = view;
  const deposit = view.restrictions?.limits.deposit ?? null;
  const pending = pendingLimitText(deposit);
  return {
    name: user ? user.name || [user.first_name, user.last_name].filter(Boolean).join(' ') || '—' : '…',
    email: user?.email ?? '—',
    restrictions: restrictionLines(view.restrictions),
    timeAlert: playTimeAlert(view),
    depositLimit: limitText(deposit),
    depositPeriod: deposit?.period ?? null,
    depositPending: pending ? `Pending change: ${pending}` : null,
    /** Whether bets are offered, and why not (issue 30: restrictions unknown, SPA, play time…). */
    standing: standingOf(view),
  };
}
