import type { SettingsPanel } from '../../lib/extensions';
import { IntegrationCredentialsCard } from './credentials-card';

export const settingsPanels: SettingsPanel[] = [
  { key: 'integration-credentials', order: 50, title: 'Integrations', Component: IntegrationCredentialsCard },
];
