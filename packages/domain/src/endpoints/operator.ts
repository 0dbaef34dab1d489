/**
 * The operator module's endpoints: they exist only with OPERATOR_TOKEN set and answer only to
 * `Authorization: Bearer <OPERATOR_TOKEN>` (the web sends it as the call's `token`).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  operatorCompanyOut,
  operatorFeatureBody,
  operatorFeatureOut,
  operatorFeatureParams,
  operatorFeatureRequestOut,
} from '../operator.js';

export const operatorCompanies = endpoint({
  method: 'GET',
  path: '/operator/companies',
  response: z.array(operatorCompanyOut),
});

export const operatorFeatureRequests = endpoint({
  method: 'GET',
  path: '/operator/feature-requests',
  response: z.array(operatorFeatureRequestOut),
});

/** grants or withdraws a feature of a company (a requested one granted: its owners are mailed) */
export const operatorSetFeature = endpoint({
  method: 'PUT',
  path: '/operator/company/:id/feature/:name',
  params: operatorFeatureParams,
  body: operatorFeatureBody,
  response: operatorFeatureOut,
});
