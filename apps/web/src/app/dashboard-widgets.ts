import type { DashboardWidget } from '../lib/extensions';
import { collect } from './extensions';

/** Every feature's `dashboardWidgets` (each feature's dashboard-widgets.tsx), in order. */
export const dashboardWidgets = collect<DashboardWidget>(
  import.meta.glob('../features/*/dashboard-widgets.tsx', { eager: true }),
  'dashboardWidgets',
);
