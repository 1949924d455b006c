/**
 * The client of the dashboard's operations (and the KYC submission with its temporary token): what the
 * dashboard's pages and the KYC form call. It loads with their code, never on the sign-in pages.
 */
import { dashboardContract } from '@ebank/contract';
import { portalClient } from './client';

export const { api, queryOptionsFor, mutationOptionsFor } = portalClient(dashboardContract);
