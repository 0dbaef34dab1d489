import type { FeatureDefinition, FeatureName } from '@dbo/domain/features';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/api';

/** A feature of the marketplace with the company's state of it (GET /company/features). */
export type FeatureCard = FeatureDefinition & { active?: boolean; access_requested?: boolean };

export const featuresKey = ['company', 'features'];

export function useCompanyFeatures() {
  return useQuery({ queryKey: featuresKey, queryFn: () => http.get<FeatureCard[]>('/company/features') });
}

/** Switches a feature on or off for the company (a gated one: asks for access). */
export const switchFeature = (name: FeatureName, active: boolean) => http.post('/company/feature', { name, active });
