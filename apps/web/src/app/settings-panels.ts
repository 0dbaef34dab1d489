import { collect, type SettingsPanel } from './extensions';

/** Every feature's `settingsPanels` (each feature's settings-panels.tsx), in order. */
export const settingsPanels = collect<SettingsPanel>(
  import.meta.glob('../features/*/settings-panels.tsx', { eager: true }),
  'settingsPanels',
);
