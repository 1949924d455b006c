/**
 * One handler per contract operation: it receives the decoded, typed input and the authenticated
 * user, asks the bank, and shapes the reply the contract describes. The map's type makes a missing
 * operation or a wrong reply field a compile error.
 */
import {
  KYC_DOCUMENTS,
  type Auth,
  type OperationName,
  type OperationReceived,
  type OperationReplyWire,
  type Operations,
  type UploadedFile,
} from '@ebank/contract';
import { fromCents, type Bank, type TransferInput } from '../bank/bank';
import { refuse } from '../bank/errors';
import type { MoneyRequest, Plan, RequestKind, User } from '../bank/model';

export interface BaseContext {
  readonly bank: Bank;
  /** Absolute origin of this server, for links to uploaded pictures. */
  readonly origin: string;
  /** The uploads this call stored: forgotten again when the bank refuses the call. */
  readonly stored: string[];
}
export type HandlerContext<A extends Auth> = A extends 'none'
  ? BaseContext
  : BaseContext & { readonly user: User; /** The token the call came with. */ readonly token: string };

type Handler<K extends OperationName> = (
  context: HandlerContext<Operations[K]['auth']>,
  input: OperationReceived<Operations[K]>,
) => OperationReplyWire<Operations[K]> | Promise<OperationReplyWire<Operations[K]>>;

export type Handlers = { readonly [K in OperationName]: Handler<K> };

const money = fromCents;
const iso = (ms: number) => new Date(ms).toISOString();
const pictureUrl = (origin: string, user: User) => (user.picture ? `${origin}/__mock/uploads/${user.picture}` : null);

/** Request rows; a fixed deposit's or an upgrade's names its plan (a reply extension: docs/decisions/0041). */
const rows = (requests: readonly MoneyRequest[]) =>
  requests.map((r) => ({
    type: r.type,
    amount: money(r.amountCents),
    status: r.status,
    created_at: iso(r.createdAt),
    ...(r.plan === undefined ? {} : { plan: r.plan }),
  }));

function transactions(bank: Bank, user: User, limit?: number) {
  const entries = bank.entries(user.id);
  return {
    transactions: (limit ? entries.slice(0, limit) : entries).map((e) => ({
      name: e.name,
      date: iso(e.createdAt),
      amount: money(e.amountCents),
      transaction_type: e.direction,
      status: e.status,
    })),
    currency: bank.catalogue.currency,
    balance: money(bank.balanceCents(user.id)),
  };
}

function cryptoForm(bank: Bank, user: User, kind: RequestKind) {
  const { coins, currency } = bank.catalogue;
  return {
    names: coins.map((c) => c.name),
    addresses: coins.map((c) => c.address),
    addresses2: Object.fromEntries(coins.map((c) => [c.name, c.address])),
    transactions: rows(bank.requestsOf(user.id, kind)),
    currency,
  };
}

const transferOf = (input: {
  bank: string;
  swift: string;
  currency: string;
  routing: string;
  country: string;
  act_no: string;
  act_hold_name: string;
  amount: number;
  note: string;
}): TransferInput => ({
  bank: input.bank,
  swift: input.swift,
  currency: input.currency,
  routing: input.routing,
  country: input.country,
  accountNumber: input.act_no,
  accountHolder: input.act_hold_name,
  amount: input.amount,
  note: input.note,
});

/**
 * Keeps an uploaded proof or picture and notes it in the call's context (see `stored`); returns its id.
 * `replacing`: the customer's uploads that the files of this call take the place of.
 */
const keep = (context: BaseContext & { readonly user: User }, file: UploadedFile, replacing?: readonly string[]) => {
  const id = context.bank.storeUpload(context.user, file.mimetype, file.bytes, replacing);
  context.stored.push(id);
  return id;
};
const PAYMENT_PENDING = { icon: 'success', message: 'Payment Pending!' } as const;

/** A plan as the forms list it: its name, and its price and features when it has them. */
const planOf = ({ name, priceCents, features }: Plan) => ({
  plan_name: name,
  ...(priceCents === undefined ? {} : { price: money(priceCents) }),
  ...(features === undefined ? {} : { features: [...features] }),
});

const loginUser = (origin: string, user: User) => ({ picture: pictureUrl(origin, user), fullname: user.fullname });
const ok = (message: string) => ({ status: 'success', message });

export const handlers: Handlers = {
  getInstitution: ({ bank, user, origin }) => {
    const { creditCents, debitCents } = bank.totals(user.id);
    const { bankDetails, verificationDeposit } = bank.catalogue;
    return {
      account: { account_no: user.accountNumber },
      u: {
        picture: pictureUrl(origin, user),
        fullname: user.fullname,
        current_plan: user.plan,
        total_credit: money(creditCents),
        total_debit: money(debitCents),
        username: user.username,
      },
      currency: bank.catalogue.currency,
      tb: { current_balance: money(bank.balanceCents(user.id)) },
      notificationcount: bank.unreadCount(user.id),
      haspin: Boolean(user.pinHash),
      data: { account_no: user.accountNumber },
      data2: { swift_code: bankDetails.swiftCode, routing_no: bankDetails.routingNumber, country: bankDetails.country },
      verification_deposit: { type: verificationDeposit.name, address: verificationDeposit.address },
    };
  },
  getHomeStatement: ({ bank, user }) => transactions(bank, user, 10),
  getStatement: ({ bank, user }) => transactions(bank, user),
  checkPin: ({ user }) => ({ haspin: Boolean(user.pinHash) }),
  getTransferList: ({ bank, user }) => ({ transactions: rows(bank.requestsOf(user.id, 'transfer')) }),
  getServiceCharge: ({ bank, user }) => ({
    percent: { percent: bank.config.serviceChargePercent },
    tb: { current_balance: money(bank.balanceCents(user.id)) },
  }),

  createTransfer: ({ bank, user }, input) => {
    const { notification } = bank.submitTransfer(user, transferOf(input));
    return {
      icon: 'success',
      message: 'Successful! Await Confirmation',
      trx_notif: [{ title: notification.title, body: notification.body }],
    };
  },
  confirmPin: async ({ bank, user }, input) => {
    const result = await bank.confirmPin(user, input.pin, transferOf(input.extra));
    return result.stepUp
      ? { status: 'success', message: 'PIN confirmed', requiresanother: { head: result.head, body: result.body } }
      : { status: 'success', message: 'PIN confirmed' };
  },
  confirmTransferCode: async ({ bank, user }, input) => {
    await bank.confirmTransferCode(user, input.code, transferOf(input.extra));
    return ok('Code confirmed');
  },

  createPin: async ({ bank, user }, input) => {
    await bank.createPin(user, input.pin);
    return ok('Your transaction PIN has been successfully created.');
  },
  changePin: async ({ bank, user }, input) => {
    await bank.changePin(user, input.c_pwd, input.n_pwd, input.con_pwd);
    return ok('Action Successful');
  },
  changePasscode: async ({ bank, user, token }, input) => {
    await bank.changePasscode(user, token, input.c_pwd, input.n_pwd, input.con_pwd);
    return ok('Action Successful');
  },
  changeEmail: async ({ bank, user, token }, input) => {
    await bank.changeEmail(user, token, input.email);
    return ok('Action Successful');
  },

  getProfile: ({ user, origin }) => ({
    data: {
      picture: pictureUrl(origin, user),
      fullname: user.fullname,
      email: user.email,
      username: user.username,
      phone: user.profile.phone ?? null,
      gender: user.profile.gender ?? null,
      dob: user.profile.dob ?? null,
      country: user.profile.country ?? null,
      marital_status: user.profile.maritalStatus ?? null,
      home_address: user.profile.homeAddress ?? null,
      next_of_kin: user.profile.nextOfKin ?? null,
    },
    it: { account_no: user.accountNumber },
  }),
  updateProfile: ({ bank, user }, input) => {
    bank.updateProfile(user, input.fullname, {
      phone: input.phone,
      gender: input.gender,
      dob: input.dob,
      country: input.country,
      maritalStatus: input.marital_status,
      homeAddress: input.home_address,
      nextOfKin: input.next_of_kin,
    });
    return ok('Action Successful!');
  },
  updateProfilePicture: (context, input) => {
    const { bank, user } = context;
    bank.setPicture(user, keep(context, input.profilePic, user.picture === undefined ? [] : [user.picture]));
    return ok('Action Successful!');
  },

  getPaymentForm: ({ bank, user }) => ({
    ...cryptoForm(bank, user, 'payment'),
    purposes: bank.catalogue.purposes.map((purpose_name) => ({ purpose_name })),
  }),
  createPayment: (context, input) => {
    const { bank, user } = context;
    const proof = keep(context, input.depositPic);
    bank.submitDeposit(user, 'payment', { type: input.type, amount: input.amount, purpose: input.purpose, proof });
    return PAYMENT_PENDING;
  },
  getFixedDepositForm: ({ bank, user }) => ({
    ...cryptoForm(bank, user, 'fixed-deposit'),
    plans: bank.catalogue.fixedDepositPlans.map(planOf),
  }),
  createFixedDeposit: (context, input) => {
    const { bank, user } = context;
    const proof = keep(context, input.fixedDepositPic);
    bank.submitPlanRequest(user, 'fixed-deposit', { plan: input.plan, type: input.type, amount: input.amount, proof });
    return PAYMENT_PENDING;
  },
  getUpgradeForm: ({ bank, user }) => ({
    ...cryptoForm(bank, user, 'upgrade'),
    plans: bank.catalogue.upgradePlans.map(planOf),
  }),
  createUpgrade: (context, input) => {
    const { bank, user } = context;
    const proof = keep(context, input.depositPic);
    bank.submitPlanRequest(user, 'upgrade', { plan: input.plan, type: input.type, amount: input.amount, proof });
    return PAYMENT_PENDING;
  },
  getCryptoDepositForm: ({ bank, user }) => cryptoForm(bank, user, 'crypto-deposit'),
  createCryptoDeposit: (context, input) => {
    const { bank, user } = context;
    const proof = keep(context, input.depositPic);
    bank.submitDeposit(user, 'crypto-deposit', { type: input.type, amount: input.amount, proof });
    return PAYMENT_PENDING;
  },

  getNotifications: ({ bank, user }) => {
    const all = bank.notificationsOf(user.id);
    return {
      notifications: all.map((n) => ({ id: n.id, title: n.title, body: n.body, wasread: n.read ? 'yes' : 'no' })),
      nc: bank.unreadCount(user.id),
    };
  },
  markNotificationRead: ({ bank, user }, input) => {
    bank.markRead(user, input.id);
    return ok('Marked as read');
  },
  getContact: ({ bank }) => ({ ct: { ...bank.catalogue.contact } }),

  getPaymentMethods: ({ bank }) => {
    const m = bank.config.paymentMethods;
    return {
      methods: {
        bank_transfer: m['bank-transfer'],
        card: m.card,
        cash: m.cash,
        crypto: m.crypto,
        institutional: m.institutional,
      },
    };
  },

  getDocumentTypes: ({ bank }) => ({ docs: bank.catalogue.documentTypes.map((doc_name) => ({ doc_name })) }),
  submitVerification: (context, input) => {
    const { bank, user } = context;
    // They take the place of the documents of a case submitted before (a declined one: see Bank.submitKyc).
    const earlier = user.kycCase?.documents ?? [];
    // In the order the staff contract lists them (KYC_DOCUMENTS), which the admin area captions by.
    const documents = KYC_DOCUMENTS.map(({ field }) => keep(context, input[field], earlier));
    bank.submitKyc(user, {
      documentType: input.type,
      country: input.country,
      phone: input.phone,
      homeAddress: input.home_address,
      documents,
    });
    return ok('Your documents were submitted and are under review.');
  },

  lookupUser: ({ bank, origin }, input) => {
    const user =
      bank.findByEmail(input.email) ?? refuse('not_found', 'We could not find an account with that e-mail address');
    return { role: user.role, user: loginUser(origin, user) };
  },
  login: async ({ bank, origin }, input) => {
    const outcome = await bank.login(input.email, input.password, input.remeber);
    const { user } = outcome;
    const common = { role: user.role, email: user.email, user: loginUser(origin, user), error: false };
    switch (outcome.kind) {
      case 'admin':
        return { ...common, jwt: outcome.token, message: 'Welcome Back' };
      case 'notice':
        return { ...common, ismsg: { head: outcome.head, body: outcome.body }, message: outcome.head };
      case 'unverified':
        return { ...common, verified: false, message: 'Please verify your e-mail address to continue' };
      case 'kyc':
        return {
          ...common,
          verified: true,
          verification_status: user.kyc,
          submitted: user.kyc === 'Declined' ? 'Yes' : 'No',
          jwt: outcome.token,
          message:
            user.kyc === 'Declined'
              ? 'Your documents were declined. Please submit them again.'
              : 'Please verify your identity',
        };
      case 'pending':
        return {
          ...common,
          verified: true,
          verification_status: user.kyc,
          submitted: 'Yes',
          message: 'Your documents are under review',
        };
      case 'ok':
        return {
          ...common,
          verified: true,
          verification_status: user.kyc,
          submitted: 'Yes',
          jwt: outcome.token,
          message: 'Welcome Back',
        };
    }
  },
  signup: async ({ bank }, input) => {
    if (input.password !== input.confirm) refuse('invalid', 'Confirm Password must be 6 digits and same as Passcode');
    const user = await bank.signup({
      email: input.email,
      username: input.username,
      firstName: input.first_name,
      lastName: input.last_name,
      passcode: input.password,
    });
    return { status: 'success', message: 'Signup successful', email: user.email };
  },
  /**
   * The code confirms the address; it opens no banking session. A customer whose identity check is
   * approved (an address changed in settings) signs in with the passcode next, so the reply carries no
   * token; one not approved yet gets the temporary token that opens only the KYC submission.
   */
  verifyEmail: async ({ bank }, input) => {
    const user = await bank.verifyEmail(input.email, input.ver_code);
    return {
      status: 'success',
      message: 'Your e-mail address is verified',
      ...(user.kyc === 'Verified' ? {} : { jwt: await bank.tokenFor(user) }),
      verification_status: user.kyc,
    };
  },
  forgotPasscode: async ({ bank }, input) => {
    if (input.action === 'code') {
      await bank.requestReset(input.email);
      return ok('Check your Email for further instructions.');
    }
    await bank.resetPasscode(input.email, input.reset_code, input.new_password);
    return ok('Your passcode was changed. You can log in with it now.');
  },
  resendConfirmCode: async ({ bank }, input) => {
    await bank.resendConfirmCode(input.email);
    return ok('Code Sent');
  },
  resendForgotCode: async ({ bank }, input) => {
    await bank.requestReset(input.email);
    return ok('Code Sent');
  },
};
