/**
 * Every read's query options, once per operation; screens, loaders and cache updates import them from here.
 * Keys are `['bank', operation, input]` (`bankKeys`), so a write invalidates exactly the operations it changes.
 *
 * A route reads them in one of two ways (TanStack Router's integration with TanStack Query):
 * - what the page needs before it shows: the loader awaits `queryClient.query({ ...xQuery, staleTime: 'static' })`
 *   (the cached reply if there is one, else the bank's) and the page reads `useSuspenseQuery(xQuery)`, which
 *   refreshes a stale reply in the background;
 * - what the page shows when it comes (a courtesy, or a section with its own placeholder and retry): the
 *   loader starts `void queryClient.query(xQuery).catch(noop)` and the page reads `useQuery(xQuery)`.
 */
import type { OperationReply, Operations } from '@ebank/contract';
import { queryOptions } from '@tanstack/react-query';
import { CONFIRM_TOAST_MS } from '@/lib/timings';
import { bankKeys } from './client';
import { api, queryOptionsFor } from './dashboard';

/** Account summary: balance, plan, totals, picture, unread count, whether a PIN exists. */
export const institutionQuery = queryOptionsFor('getInstitution');
/** Whether the user has a transaction PIN. */
export const pinQuery = queryOptionsFor('checkPin');
/** The home page's recent transactions. */
export const homeStatementQuery = queryOptionsFor('getHomeStatement');
/** Every transaction, for 'Statements & Report'. */
export const statementQuery = queryOptionsFor('getStatement');
export const notificationsQuery = queryOptionsFor('getNotifications');
export const profileQuery = queryOptionsFor('getProfile');
export const contactQuery = queryOptionsFor('getContact');
/** The KYC form's document types. */
export const documentTypesQuery = queryOptionsFor('getDocumentTypes');
/** The transfer form's list of past transfers. */
export const transferListQuery = queryOptionsFor('getTransferList');
/** The coins and past requests of each crypto screen. */
export const cryptoDepositFormQuery = queryOptionsFor('getCryptoDepositForm');
export const paymentFormQuery = queryOptionsFor('getPaymentForm');
export const fixedDepositFormQuery = queryOptionsFor('getFixedDepositForm');
export const upgradeFormQuery = queryOptionsFor('getUpgradeForm');
/**
 * The fee and the balance: the transfer review's read, also a courtesy on the transfer form (the fee as the
 * amount is typed); a failure toasts for the review's 2 s.
 */
export const serviceChargeQuery = { ...queryOptionsFor('getServiceCharge'), meta: { toastMs: CONFIRM_TOAST_MS } };

export type PaymentMethods = OperationReply<Operations['getPaymentMethods']>['methods'];

/** Bank Transfer, card and cash unavailable; crypto and institutional transfer available. */
const SPEC_PAYMENT_METHODS: PaymentMethods = {
  bank_transfer: false,
  card: false,
  cash: false,
  crypto: true,
  institutional: true,
};

/**
 * The deposit and payment methods a customer's region offers. `getmethods` is an extension of the mock
 * bank (docs/decisions/0008): on ANY failure of it the lists use the spec's choice instead (never fails,
 * shows no message), so the portal works unchanged against a host that does not know the call.
 */
export const paymentMethodsQuery = queryOptions({
  queryKey: bankKeys.call('getPaymentMethods', undefined),
  queryFn: async ({ signal }): Promise<PaymentMethods> => {
    try {
      return (await api.call('getPaymentMethods', undefined, { signal })).methods;
    } catch {
      return SPEC_PAYMENT_METHODS;
    }
  },
  staleTime: 5 * 60_000,
});
