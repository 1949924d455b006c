/** The app's one API client, created from the contract (ts-rest's client with the host's wire, decision 0022). */
import { createApiClient } from '@ebank/contract';
import { API_BASE } from './api-base';
import { session } from './session';
import './zod-config';

export const api = createApiClient({
  baseUrl: API_BASE,
  token: (auth) => (auth === 'kyc' ? session.tempToken() : session.token()),
});
