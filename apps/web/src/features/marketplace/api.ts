import * as api from '@dbo/domain/endpoints/company';
import { useQuery } from '@tanstack/react-query';
import { type Answer, call, endpointQuery } from '../../lib/endpoints';

/** A feature of the marketplace with the company's state of it (GET /company/features). */
export type FeatureCard = Answer<typeof api.companyFeatures>[number];

export const featuresKey = ['company', 'features'];

export function useCompanyFeatures() {
  return useQuery(endpointQuery(featuresKey, api.companyFeatures, {}));
}

/** Switches a feature on or off for the company (a gated one: asks for access). */
export const switchFeature = (name: string, active: boolean) => call(api.toggleFeature, { body: { name, active } });
