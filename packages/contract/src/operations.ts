/**
 * Every call the portal makes to its bank's host, each described once, as one ts-rest route (decision
 * 0022): selector, token and kind in `metadata`, fields and files in `body`, the reply as the 200 response,
 * the shared error shape as the common 4xx responses. The routes live in two parts (decision 0030): the
 * dashboard's (`dashboard-operations.ts`) and the sign-in side's (`auth-operations.ts`); `contract` is both,
 * for the server, the tests and the OpenAPI document. The keys are the TypeScript names; the wire spellings
 * (`getinstituition`, `mnotificationar`, `remeber`, ...) live in the selectors and field names and stay as
 * the host has them.
 */
import { authContract, authOperations } from './auth-operations';
import { createRouterClient, type ApiClientConfig } from './client';
import { dashboardContract, dashboardOperations } from './dashboard-operations';
import { selectorLabel } from './operation';
import type { OperationsOf } from './route';

export { authContract, authOperations } from './auth-operations';
export { dashboardContract, dashboardOperations, TransferFieldsSchema } from './dashboard-operations';
export { API_ROUTE_PATH, type OperationOf, type OperationsOf } from './route';

export const contract = { ...dashboardContract, ...authContract };

export type Contract = typeof contract;
export type OperationName = keyof Contract;
export type AuthOperationName = keyof typeof authContract;
export type DashboardOperationName = keyof typeof dashboardContract;

export type Operations = OperationsOf<Contract>;
export type QueryName = { [K in OperationName]: Operations[K]['kind'] extends 'query' ? K : never }[OperationName];
export type MutationName = Exclude<OperationName, QueryName>;

export const operationNames = Object.keys(contract) as OperationName[];

/** Every route under plain names (derived, never written twice): `operations.login.request`, ... */
export const operations: Operations = { ...dashboardOperations, ...authOperations };

/** A client of the whole contract (the server's tests, the conformance check, the benchmark). */
export const createApiClient = (config: ApiClientConfig) => createRouterClient(contract, config);
export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * An operation by the name a developer knows it by: its TypeScript name (`getInstitutions`), or its wire
 * name as the network tab shows it (the marker field `getinstituition`, or the `crud` value `userlogin`,
 * also as `crud=userlogin`). Undefined for any other text.
 */
export function operationNamed(name: string): OperationName | undefined {
  return OPERATIONS_BY_NAME.get(name);
}

const OPERATIONS_BY_NAME: ReadonlyMap<string, OperationName> = new Map(
  operationNames.flatMap((name) => {
    const label = selectorLabel(operations[name].selector);
    return [
      [name, name],
      [label, name],
      [label.replace(/^crud=/u, ''), name],
    ] as const;
  }),
);
