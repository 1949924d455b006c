/**
 * The client of the sign-in side's operations (looking up an e-mail, signing in and up, verifying the
 * e-mail, resetting the passcode): what the account pages call. It loads only that part of the contract.
 */
import { authContract } from '@ebank/contract';
import { portalClient } from './client';

export const { mutationOptionsFor } = portalClient(authContract);
