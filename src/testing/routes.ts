// Every route of the reference server, in one table.

import { authRoutes } from './auth-routes';
import { incomeReportRoutes } from './income-report-routes';
import { limitsRoutes } from './limits-routes';
import type { Route } from './routing';
import { securityRoutes } from './security-routes';
import { userRoutes } from './user-routes';

export const routes: readonly Route[] = [
  ...authRoutes,
  ...userRoutes,
  ...securityRoutes,
  ...limitsRoutes,
  ...incomeReportRoutes,
];
