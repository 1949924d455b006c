/**
 * The app's one API client, created from the contract. Loaded on demand (see `loadApi` in ./api) because
 * it brings the contract's schemas and zod with it, which no page needs before it first renders.
 */
import { createApiClient } from '@ebank/contract';
import { API_BASE } from './api-base';
import { session } from './session';
import './zod-config';

export const api = createApiClient({
  baseUrl: API_BASE,
  token: (auth) => (auth === 'kyc' ? session.tempToken() : session.token()),
});
