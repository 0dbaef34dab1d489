import type { SettingsPanel } from '../../lib/extensions';
import { PriceTierManager } from './price-tier-manager';

/** The price tier manager shows in /setting while tiered pricing is on. */
export const settingsPanels: SettingsPanel[] = [
  { key: 'price-tiers', order: 40, title: 'Price Tiers', feature: 'tiered_pricing', Component: PriceTierManager },
];
