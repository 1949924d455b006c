/**
 * Every call the portal makes to its bank's host, each described once, as one ts-rest route of one router
 * (decision 0022): selector, token and kind in `metadata`, fields and files in `body`, the reply as the 200
 * response, the shared error shape as the common 4xx responses. The keys are the TypeScript names; the wire
 * spellings (`getinstituition`, `mnotificationar`, `remeber`, ...) live in the selectors and field names and
 * stay as the host has them.
 */
import { z } from 'zod';
import { digits, email, flag, id, json, date, money, phone, text } from './fields';
import { imageFile } from './files';
import { initContract } from '@ts-rest/core';
import {
  requestBody,
  type Auth,
  type FileSpecs,
  type Kind,
  type OperationDef,
  type RequestSchema,
  type Selector,
} from './operation';
import {
  AccountSchema,
  BalanceSchema,
  BankDetailsSchema,
  ContactSchema,
  CryptoFormSchema,
  DocTypeSchema,
  HeadBodySchema,
  IconReplySchema,
  LoginUserSchema,
  NotificationSchema,
  PlanSchema,
  ProfileSchema,
  PurposeSchema,
  RequestRowSchema,
  RoleSchema,
  StatusReplySchema,
  TransactionSchema,
  UserSummarySchema,
  VerificationDepositSchema,
  VerificationStatusSchema,
  maybe,
  num,
  str,
  yesNo,
  ErrorReplySchema,
} from './replies';

const c = initContract();

/** Every call is a POST to this path under the API base. */
export const API_ROUTE_PATH = '/api/users.php';

const none = z.strictObject({});
const noFiles = {} as const;

/**
 * One operation as a route. Its selector, token and kind keep their literal types in `metadata`, so the
 * client can tell reads from writes and the server can find the route by its marker or crud.
 */
function operation<
  const S extends Selector,
  const A extends Auth,
  const K extends Kind,
  Rep extends z.ZodType,
  Req extends RequestSchema = typeof none,
  Files extends FileSpecs = typeof noFiles,
>(meta: { selector: S; auth: A; kind: K; summary: string }, schemas: { request?: Req; files?: Files; reply: Rep }) {
  const { selector, auth, kind, summary } = meta;
  const files = schemas.files ?? (noFiles as Files);
  return c.mutation({
    method: 'POST',
    path: API_ROUTE_PATH,
    summary,
    metadata: { selector, auth, kind },
    body: requestBody(schemas.request ?? (none as RequestSchema as Req), files),
    responses: { 200: schemas.reply },
  });
}

const marker = <const N extends string>(name: N) => ({ marker: name });
const crud = <const N extends string>(name: N) => ({ crud: name });

/** The transfer form: the payee and the amount, as the send screen collects them. */
export const TransferFieldsSchema = z.strictObject({
  bank: text({ max: 100 }),
  swift: text({ max: 11 }),
  currency: text({ max: 10 }),
  routing: text({ max: 20 }),
  country: text({ max: 100 }),
  act_no: text({ max: 34 }),
  act_hold_name: text({ max: 100 }),
  amount: money(),
  note: text({ max: 500, multiline: true }),
});

/** The transfer being authorised, carried by the PIN and code confirmations so the bank can bind them to it. */
const transferExtra = { extra: json(TransferFieldsSchema) };

const transactionsReply = z.object({
  transactions: z.array(TransactionSchema),
  currency: str,
  balance: num,
});

/** A refused call: the same JSON error shape for every route. */
const errorResponses = Object.fromEntries(
  [400, 401, 403, 404, 405, 409, 410, 413, 415, 423, 429].map((status) => [status, ErrorReplySchema]),
) as Record<400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 423 | 429, typeof ErrorReplySchema>;

export const contract = c.router(
  {
    // --- dashboard: home and statements --------------------------------------------------------
    getInstitution: operation(
      {
        selector: marker('getinstituition'),
        auth: 'user',
        kind: 'query',
        summary: 'Account summary for the home page and the institutional transfer details',
      },
      {
        reply: z.object({
          account: AccountSchema,
          u: UserSummarySchema,
          currency: str,
          tb: BalanceSchema,
          notificationcount: num,
          haspin: yesNo,
          data: AccountSchema,
          data2: BankDetailsSchema,
          verification_deposit: maybe(VerificationDepositSchema),
        }),
      },
    ),
    getHomeStatement: operation(
      {
        selector: marker('getstatement2'),
        auth: 'user',
        kind: 'query',
        summary: 'Recent transactions for the home page',
      },
      {
        reply: transactionsReply,
      },
    ),
    getStatement: operation(
      {
        selector: marker('getstatement'),
        auth: 'user',
        kind: 'query',
        summary: "Every transaction, for 'Statements & Report'",
      },
      {
        reply: transactionsReply,
      },
    ),
    checkPin: operation(
      {
        selector: marker('pincheck'),
        auth: 'user',
        kind: 'query',
        summary: 'Whether the user has a transaction PIN',
      },
      {
        reply: z.object({ haspin: yesNo }),
      },
    ),
    getTransferList: operation(
      {
        selector: marker('gettrslist'),
        auth: 'user',
        kind: 'query',
        summary: 'The transfers the user has sent',
      },
      {
        reply: z.object({ transactions: z.array(RequestRowSchema) }),
      },
    ),
    getServiceCharge: operation(
      {
        selector: marker('getperc'),
        auth: 'user',
        kind: 'query',
        summary: 'Service charge percent (default 10 when absent) and balance, for the transfer review',
      },
      {
        reply: z.object({ percent: maybe(z.object({ percent: num })), tb: BalanceSchema }),
      },
    ),

    // --- dashboard: the bank transfer ------------------------------------------------------------
    createTransfer: operation(
      {
        selector: marker('newtrs'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Submit a bank transfer after its PIN (and code, when asked) confirmation',
      },
      {
        request: TransferFieldsSchema.extend(transferExtra),
        reply: IconReplySchema,
      },
    ),
    confirmPin: operation(
      {
        selector: marker('confirmmypin'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Check the transaction PIN for a transfer; may ask for a second authorization code',
      },
      {
        request: z.strictObject({ pin: digits(4), ...transferExtra }),
        reply: z.object({ status: str, message: maybe(str), requiresanother: maybe(HeadBodySchema) }),
      },
    ),
    confirmTransferCode: operation(
      {
        selector: marker('confirmtpin'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Check the transfer authorization code the bank sent',
      },
      {
        request: z.strictObject({ code: digits(4), ...transferExtra }),
        reply: StatusReplySchema,
      },
    ),

    // --- dashboard: PIN, passcode, e-mail ----------------------------------------------------------
    createPin: operation(
      {
        selector: marker('updatepin'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Create the transaction PIN',
      },
      {
        request: z.strictObject({ pin: digits(4) }),
        reply: StatusReplySchema,
      },
    ),
    changePin: operation(
      {
        selector: marker('supdatepin'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Change the transaction PIN (settings)',
      },
      {
        request: z.strictObject({ c_pwd: digits(4), n_pwd: digits(4), con_pwd: digits(4) }),
        reply: StatusReplySchema,
      },
    ),
    changePasscode: operation(
      {
        selector: marker('updatepwd'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Change the login passcode (settings)',
      },
      {
        request: z.strictObject({ c_pwd: digits(6), n_pwd: digits(6), con_pwd: digits(6) }),
        reply: StatusReplySchema,
      },
    ),
    changeEmail: operation(
      {
        selector: marker('updateemail'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Change the e-mail address (settings)',
      },
      {
        request: z.strictObject({ email: email() }),
        reply: StatusReplySchema,
      },
    ),

    // --- dashboard: profile --------------------------------------------------------------------------
    getProfile: operation(
      {
        selector: marker('getprofile'),
        auth: 'user',
        kind: 'query',
        summary: 'Profile details and the account number',
      },
      {
        reply: z.object({ data: ProfileSchema, it: AccountSchema }),
      },
    ),
    updateProfile: operation(
      {
        selector: marker('updateprofile'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Update profile details; an absent optional field is left as it is',
      },
      {
        request: z.strictObject({
          fullname: text({ max: 100 }),
          phone: phone().optional(),
          gender: text({ max: 20 }).optional(),
          dob: date().optional(),
          country: text({ max: 100 }).optional(),
          marital_status: text({ max: 30 }).optional(),
          home_address: text({ max: 300, multiline: true }).optional(),
          next_of_kin: text({ max: 100 }).optional(),
        }),
        reply: StatusReplySchema,
      },
    ),
    updateProfilePicture: operation(
      {
        selector: marker('updatepic'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Replace the profile picture',
      },
      {
        files: { profilePic: imageFile() },
        reply: StatusReplySchema,
      },
    ),

    // --- dashboard: deposits, fixed deposits, upgrades --------------------------------------------
    getPaymentForm: operation(
      {
        selector: marker('getmpcform'),
        auth: 'user',
        kind: 'query',
        summary: 'Coin types, addresses, purposes and past payments for make-payment',
      },
      {
        reply: CryptoFormSchema.extend({ purposes: z.array(PurposeSchema) }),
      },
    ),
    createPayment: operation(
      {
        selector: marker('newmpc'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Submit a crypto payment with its proof',
      },
      {
        request: z.strictObject({ purpose: text({ max: 100 }), type: text({ max: 50 }), amount: money() }),
        files: { depositPic: imageFile() },
        reply: IconReplySchema,
      },
    ),
    getFixedDepositForm: operation(
      {
        selector: marker('getfdcform'),
        auth: 'user',
        kind: 'query',
        summary: 'Coin types, addresses, plans and past fixed deposits',
      },
      {
        reply: CryptoFormSchema.extend({ plans: z.array(PlanSchema) }),
      },
    ),
    createFixedDeposit: operation(
      {
        selector: marker('newfdc'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Apply for a fixed deposit with its proof',
      },
      {
        request: z.strictObject({ plan: text({ max: 100 }), type: text({ max: 50 }), amount: money() }),
        files: { fixedDepositPic: imageFile() },
        reply: IconReplySchema,
      },
    ),
    getUpgradeForm: operation(
      {
        selector: marker('getupgradeform'),
        auth: 'user',
        kind: 'query',
        summary: 'Upgrade plans, coin types, addresses and past upgrades',
      },
      {
        reply: CryptoFormSchema.extend({ plans: z.array(PlanSchema) }),
      },
    ),
    createUpgrade: operation(
      {
        selector: marker('newupgrade'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Request a plan upgrade with its payment proof',
      },
      {
        request: z.strictObject({ plan: text({ max: 100 }), type: text({ max: 50 }), amount: money() }),
        files: { depositPic: imageFile() },
        reply: IconReplySchema,
      },
    ),
    getCryptoDepositForm: operation(
      {
        selector: marker('getcdform'),
        auth: 'user',
        kind: 'query',
        summary: 'Coin types, addresses and past crypto deposits for add-funds',
      },
      {
        reply: CryptoFormSchema,
      },
    ),
    createCryptoDeposit: operation(
      {
        selector: marker('newcd'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Submit an add-funds crypto deposit with its proof',
      },
      {
        request: z.strictObject({ type: text({ max: 50 }), amount: money(), address: text({ max: 200 }).optional() }),
        files: { depositPic: imageFile() },
        reply: IconReplySchema,
      },
    ),

    // --- dashboard: notifications, support --------------------------------------------------------
    getNotifications: operation(
      {
        selector: marker('getnotifications'),
        auth: 'user',
        kind: 'query',
        summary: 'Notifications and the unread count',
      },
      {
        reply: z.object({ notifications: z.array(NotificationSchema), nc: num }),
      },
    ),
    markNotificationRead: operation(
      {
        selector: marker('mnotificationar'),
        auth: 'user',
        kind: 'mutation',
        summary: 'Mark one notification as read',
      },
      {
        request: z.strictObject({ id: id() }),
        reply: StatusReplySchema,
      },
    ),
    getContact: operation(
      {
        selector: marker('getcontact'),
        auth: 'user',
        kind: 'query',
        summary: 'Support contacts (WhatsApp, e-mail, phone)',
      },
      {
        reply: z.object({ ct: ContactSchema }),
      },
    ),

    // --- extensions of the mock (not on the real host; the portal falls back to the spec's defaults) ---
    getPaymentMethods: operation(
      {
        selector: marker('getmethods'),
        auth: 'user',
        kind: 'query',
        summary: "Which deposit methods the customer's region offers (an extension: see docs/decisions/0008)",
      },
      {
        reply: z.object({
          methods: z.object({
            bank_transfer: yesNo,
            card: yesNo,
            cash: yesNo,
            crypto: yesNo,
            institutional: yesNo,
          }),
        }),
      },
    ),

    // --- KYC -----------------------------------------------------------------------------------------
    getDocumentTypes: operation(
      {
        selector: marker('getdocs'),
        auth: 'none',
        kind: 'query',
        summary: 'Identity document types the bank accepts, besides "Driver\'s License"',
      },
      {
        reply: z.object({ docs: z.array(DocTypeSchema) }),
      },
    ),
    submitVerification: operation(
      {
        selector: marker('submit_verification'),
        auth: 'kyc',
        kind: 'mutation',
        summary: 'Submit the KYC case with the temporary token',
      },
      {
        request: z.strictObject({
          country: text({ max: 100 }),
          phone: phone(),
          home_address: text({ max: 300, multiline: true }),
          type: text({ max: 100 }),
        }),
        files: { pic: imageFile(), idcardFront: imageFile(), idcardBack: imageFile() },
        reply: StatusReplySchema,
      },
    ),

    // --- auth ----------------------------------------------------------------------------------------
    lookupUser: operation(
      {
        selector: crud('iduser'),
        auth: 'none',
        kind: 'mutation',
        summary: 'Login step 1: who is this e-mail (role, picture, full name)',
      },
      {
        request: z.strictObject({ email: email() }),
        reply: z.object({ role: RoleSchema, user: LoginUserSchema, message: maybe(str) }),
      },
    ),
    login: operation(
      {
        selector: crud('userlogin'),
        auth: 'none',
        kind: 'mutation',
        summary: 'Login step 2: passcode (users) or password (admins)',
      },
      {
        request: z.strictObject({ email: email(), password: text({ max: 128 }), remeber: flag() }),
        reply: z.object({
          role: RoleSchema,
          jwt: maybe(str),
          verification_status: maybe(VerificationStatusSchema),
          verified: maybe(yesNo),
          submitted: maybe(z.enum(['Yes', 'No'])),
          email: maybe(str),
          message: maybe(str),
          error: maybe(yesNo),
          ismsg: maybe(HeadBodySchema),
          user: maybe(LoginUserSchema),
        }),
      },
    ),
    signup: operation(
      {
        selector: crud('newuser'),
        auth: 'none',
        kind: 'mutation',
        summary: 'Create an account; the bank sends an e-mail verification code',
      },
      {
        request: z.strictObject({
          first_name: text({ max: 50 }),
          last_name: text({ max: 50 }),
          username: text({ max: 30 }),
          email: email(),
          password: digits(6),
          confirm: digits(6),
          fullname: text({ max: 101 }),
        }),
        reply: z.object({ status: str, message: maybe(str), email: maybe(str) }),
      },
    ),
    verifyEmail: operation(
      {
        selector: crud('verifyuser'),
        auth: 'none',
        kind: 'mutation',
        summary: 'Confirm the e-mail with the code the bank sent; gives the (temporary) token',
      },
      {
        request: z.strictObject({ email: email(), ver_code: digits(6), action: z.literal('code') }),
        reply: z.object({
          status: str,
          message: maybe(str),
          jwt: maybe(str),
          verification_status: maybe(VerificationStatusSchema),
        }),
      },
    ),
    forgotPasscode: operation(
      {
        selector: crud('userforgot'),
        auth: 'none',
        kind: 'mutation',
        summary: 'action=code: send a reset code and link; action=reset: set a new passcode with it',
      },
      {
        request: z.discriminatedUnion('action', [
          z.strictObject({ action: z.literal('code'), email: email() }),
          z.strictObject({ action: z.literal('reset'), email: email(), reset_code: id(), new_password: digits(6) }),
        ]),
        reply: StatusReplySchema,
      },
    ),
    resendConfirmCode: operation(
      {
        selector: marker('resendconfirmcode'),
        auth: 'none',
        kind: 'mutation',
        summary: 'Send the e-mail verification code again',
      },
      {
        request: z.strictObject({ email: email() }),
        reply: StatusReplySchema,
      },
    ),
    resendForgotCode: operation(
      {
        selector: marker('resendforgotcode'),
        auth: 'none',
        kind: 'mutation',
        summary: 'Send the passcode reset code and link again',
      },
      {
        request: z.strictObject({ email: email() }),
        reply: StatusReplySchema,
      },
    ),
  },
  { commonResponses: errorResponses },
);

export type Contract = typeof contract;
export type OperationName = keyof Contract;

/** An operation's route as both sides read it: metadata, fields, files and reply under plain names. */
type OperationOf<R> = R extends {
  readonly metadata: infer M extends { selector: Selector; auth: Auth; kind: Kind };
  readonly body: { readonly fields: infer Req extends RequestSchema; readonly files: infer Files extends FileSpecs };
  readonly responses: { readonly 200: infer Rep extends z.ZodType };
}
  ? OperationDef<Req, Files, Rep> & {
      readonly selector: M['selector'];
      readonly auth: M['auth'];
      readonly kind: M['kind'];
    }
  : never;

export type Operations = { readonly [K in OperationName]: OperationOf<Contract[K]> };
export type QueryName = { [K in OperationName]: Operations[K]['kind'] extends 'query' ? K : never }[OperationName];
export type MutationName = Exclude<OperationName, QueryName>;

export const operationNames = Object.keys(contract) as OperationName[];

/** The router's routes under plain names (derived, never written twice): `operations.login.request`, ... */
export const operations = Object.fromEntries(
  operationNames.map((name) => {
    const route = contract[name];
    const view: OperationDef = {
      ...route.metadata,
      summary: route.summary,
      request: route.body.fields,
      files: route.body.files,
      reply: route.responses[200],
    };
    return [name, view];
  }),
) as Operations;
