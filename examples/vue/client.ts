import { createDemoClient } from '../shared/app';

/** One client for the app: its session runs for as long as the page does. */
export const client = createDemoClient();

export type LoginRef = NonNullable<ReturnType<typeof client.session.getSnapshot>['children']['login']>;
