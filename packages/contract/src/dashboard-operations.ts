/**
 * The dashboard's operations: every call of a signed-in customer (and the KYC submission with its
 * temporary token), as one part of the contract (decision 0030). The dashboard's pages load it with their
 * code; the sign-in pages never do.
 */
import { z } from './zod';
import { digits, email, id, json, date, money, phone, text } from './fields';
import { imageFile } from './files';
import { marker, c, errorResponses, operation, operationsOf } from './route';
import {
  AccountSchema,
  BalanceSchema,
  BankDetailsSchema,
  ContactSchema,
  CryptoFormSchema,
  DocTypeSchema,
  IconReplySchema,
  NotificationSchema,
  PlanRequestRowSchema,
  PlanSchema,
  ProfileSchema,
  PurposeSchema,
  RequestRowSchema,
  TransactionSchema,
  UserSummarySchema,
  VerificationDepositSchema,
} from './dashboard-replies';
import { HeadBodySchema, StatusReplySchema, maybe, num, str, yesNo } from './replies';

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

export const dashboardContract = c.router(
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
        request: z.extend(TransferFieldsSchema, transferExtra),
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
          phone: z.optional(phone()),
          gender: z.optional(text({ max: 20 })),
          dob: z.optional(date()),
          country: z.optional(text({ max: 100 })),
          marital_status: z.optional(text({ max: 30 })),
          home_address: z.optional(text({ max: 300, multiline: true })),
          next_of_kin: z.optional(text({ max: 100 })),
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
        reply: z.extend(CryptoFormSchema, { purposes: z.array(PurposeSchema) }),
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
        reply: z.extend(CryptoFormSchema, { plans: z.array(PlanSchema), transactions: z.array(PlanRequestRowSchema) }),
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
        reply: z.extend(CryptoFormSchema, { plans: z.array(PlanSchema), transactions: z.array(PlanRequestRowSchema) }),
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
        request: z.strictObject({ type: text({ max: 50 }), amount: money(), address: z.optional(text({ max: 200 })) }),
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
  },
  { commonResponses: errorResponses },
);

/** This part's routes under plain names (derived, never written twice): `dashboardOperations.createPin.request`, ... */
export const dashboardOperations = operationsOf(dashboardContract);
