/** The partners' credentials in settings: seen masked by anyone signed in, changed by the owner. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  integrationCredentialsIn,
  integrationParams,
  integrationSavedOut,
  integrationSettingsOut,
} from '../integrations.js';

export const integrations = endpoint({
  method: 'GET',
  path: '/company/integration',
  response: z.object({ integrations: z.array(integrationSettingsOut) }),
});

export const integration = endpoint({
  method: 'GET',
  path: '/company/integration/:name',
  params: integrationParams,
  response: integrationSettingsOut,
});

/** saves the key; a point of sale's key is tried at once (`test`) */
export const saveIntegration = endpoint({
  method: 'PUT',
  path: '/company/integration/:name',
  params: integrationParams,
  body: integrationCredentialsIn,
  response: integrationSavedOut,
});

export const removeIntegration = endpoint({
  method: 'DELETE',
  path: '/company/integration/:name',
  params: integrationParams,
  response: integrationSettingsOut,
});
