import type { SettingsPanel } from '../lib/extensions';
import { collect } from './extensions';

/** Every feature's `settingsPanels` (each feature's settings-panels.tsx), in order. */
export const settingsPanels = collect<SettingsPanel>(
  import.meta.glob('../features/*/settings-panels.tsx', { eager: true }),
  'settingsPanels',
);
