// Records every funnel event a client tells, in order, for the funnel tests.

import {
  type FunnelEvent,
  type FunnelEventType,
  type FunnelOptions,
  funnelEvents,
  operatorPreset,
  type PamClientBase,
} from 'pam-client/machines';
import { openTab, type Tab, type TabOptions, type World } from '../support/world';

/** Every funnel event's name (the type test below keeps it complete). */
export const FUNNEL_TYPES = {
  'signIn.started': true,
  'signIn.codeAsked': true,
  'signIn.codeRejected': true,
  'signIn.signedIn': true,
  'signIn.failed': true,
  'signIn.cancelledAccount': true,
  'signIn.abandoned': true,
  'registration.started': true,
  'registration.codeAsked': true,
  'registration.codeRejected': true,
  'registration.completed': true,
  'registration.failed': true,
  'registration.cancelledAccount': true,
  'registration.abandoned': true,
  'session.restored': true,
  'session.adopted': true,
  'session.refreshed': true,
  'session.refreshFailed': true,
  'session.expired': true,
  'session.signedOut': true,
  'session.stopped': true,
  'stepUp.started': true,
  'stepUp.passwordRejected': true,
  'stepUp.completed': true,
  'stepUp.cancelled': true,
  'stepUp.failed': true,
  'stepUp.abandoned': true,
  'rg.restrictionsRead': true,
  'rg.limitChanged': true,
  'rg.changeRequested': true,
  'rg.changeAccepted': true,
  'rg.changeFailed': true,
  'rg.changeAbandoned': true,
  'rg.playTimeAlert': true,
  'incomeReport.requested': true,
  'incomeReport.completed': true,
  'incomeReport.failed': true,
  'incomeReport.downloaded': true,
  'incomeReport.abandoned': true,
} satisfies Record<FunnelEventType, true>;

/** Listens to every funnel event of `client`; the list fills in the order they come. */
export function recordFunnel(client: Pick<PamClientBase, 'on'>): FunnelEvent[] {
  const seen: FunnelEvent[] = [];
  for (const type of Object.keys(FUNNEL_TYPES) as FunnelEventType[]) client.on(type, (e) => seen.push(e));
  return seen;
}

/** A tab of the world with the operator preset and the funnel, recording its events. */
export function funnelTab(
  world: World,
  o: TabOptions & { funnel?: FunnelOptions } = {},
): Tab & { funnel: FunnelEvent[] } {
  const { funnel, ...options } = o;
  const tab = openTab(world, { flows: funnelEvents(operatorPreset(), funnel), ...options });
  world.tabs.push(tab);
  return { ...tab, funnel: recordFunnel(tab.client) };
}

/** The events' names, in order. */
export const typesOf = (events: readonly { type: string }[]) => events.map((e) => e.type);
