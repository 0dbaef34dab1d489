import type { SettingsPanel } from '../../lib/extensions';
import { HolidaysPanel } from './holidays-panel';

/** The credit law's holiday list shows in /setting. */
export const settingsPanels: SettingsPanel[] = [
  { key: 'credit-law-holidays', order: 60, title: 'Credit Law Holidays', Component: HolidaysPanel },
];
