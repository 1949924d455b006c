import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import { API_ROUTE_PATH, contract, operations, operationNames, type MutationName, type QueryName } from './operations';
import { ErrorReplySchema } from './replies';
import { selectorLabel } from './operation';

/** Every call the portal makes, as the wire names it. */
const SPEC_MARKERS = [
  'getinstituition',
  'getstatement2',
  'getstatement',
  'pincheck',
  'gettrslist',
  'getperc',
  'newtrs',
  'confirmmypin',
  'confirmtpin',
  'updatepin',
  'supdatepin',
  'updatepwd',
  'updateemail',
  'getprofile',
  'updateprofile',
  'updatepic',
  'getmpcform',
  'newmpc',
  'getfdcform',
  'newfdc',
  'getupgradeform',
  'newupgrade',
  'getnotifications',
  'mnotificationar',
  'getcontact',
  'getdocs',
  'submit_verification',
  'getcdform',
  'newcd',
  'resendconfirmcode',
  'resendforgotcode',
];
const SPEC_CRUDS = ['iduser', 'userlogin', 'newuser', 'verifyuser', 'userforgot'];
/** Operations of the mock beyond the spec, each with a decision record. */
const EXTENSIONS = ['getmethods'];
/** Reply fields beyond the spec's, each optional (the real host leaves them out), each with a decision record. */
const REPLY_EXTENSIONS = {
  getInstitution: ['verification_deposit'],
  plan: ['price', 'features'],
  planRequestRow: ['plan'],
};

const selectors = operationNames.map((n) => operations[n].selector);

describe('the contract', () => {
  it('is one ts-rest route per operation: POST /api/users.php, the wire selector in metadata, the error shape for 4xx', () => {
    expect(Object.keys(contract)).toEqual(operationNames);
    for (const name of operationNames) {
      const route = contract[name];
      expect(route.method, name).toBe('POST');
      expect(route.path, name).toBe(API_ROUTE_PATH);
      expect(route.metadata.selector, name).toBe(operations[name].selector);
      expect(route.body.fields, name).toBe(operations[name].request);
      expect(route.responses[200], name).toBe(operations[name].reply);
      for (const status of [400, 401, 403, 404, 409, 413, 423, 429] as const)
        expect(route.responses[status], `${name} ${status}`).toBe(ErrorReplySchema);
    }
    // Shapes that several operations share are one instance.
    expect(operations.getStatement.reply).toBe(operations.getHomeStatement.reply);
  });

  it("validates a body through the route's Standard Schema by encoding its typed values", () => {
    const body = contract.login.body['~standard'];
    expect(body.validate({ email: 'demo@bank.test', password: '123456', remeber: true })).toEqual({
      value: { email: 'demo@bank.test', password: '123456', remeber: true },
    });
    expect(body.validate({ email: 'demo@bank.test', password: '123456', remeber: 'yes' })).toHaveProperty('issues');
    expect(contract.updateProfilePicture.body['~standard'].validate({})).toEqual({
      issues: [{ message: 'profilePic: a file is required' }],
    });
  });

  it('has every operation of the spec, and no other but the recorded extensions', () => {
    const markers = selectors.flatMap((s) => ('marker' in s ? [s.marker] : []));
    const cruds = selectors.flatMap((s) => ('crud' in s ? [s.crud] : []));
    expect([...markers].sort()).toEqual([...SPEC_MARKERS, ...EXTENSIONS].sort());
    expect([...cruds].sort()).toEqual([...SPEC_CRUDS].sort());
  });

  it('names each wire selector once', () => {
    const labels = selectors.map(selectorLabel);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('puts files only where the spec sends them', () => {
    const withFiles = Object.fromEntries(
      operationNames
        .filter((n) => Object.keys(operations[n].files).length > 0)
        .map((n) => [selectorLabel(operations[n].selector), Object.keys(operations[n].files).sort()]),
    );
    expect(withFiles).toEqual({
      updatepic: ['profilePic'],
      newmpc: ['depositPic'],
      newfdc: ['fixedDepositPic'],
      newupgrade: ['depositPic'],
      newcd: ['depositPic'],
      submit_verification: ['idcardBack', 'idcardFront', 'pic'],
    });
  });

  it('opens submit_verification with the temporary token only, and getdocs and the auth calls with none', () => {
    const byAuth = (auth: string) =>
      operationNames.filter((n) => operations[n].auth === auth).map((n) => selectorLabel(operations[n].selector));
    expect(byAuth('kyc')).toEqual(['submit_verification']);
    expect(byAuth('none').sort()).toEqual(
      [
        'getdocs',
        'crud=iduser',
        'crud=userlogin',
        'crud=newuser',
        'crud=verifyuser',
        'crud=userforgot',
        'resendconfirmcode',
        'resendforgotcode',
      ].sort(),
    );
  });

  it('keeps the field names the spec lists in the replies', () => {
    const keys = (schema: z.ZodMiniType) => Object.keys((schema as z.ZodMiniObject).shape).sort();
    expect(keys(operations.getInstitution.reply)).toEqual(
      ['account', 'u', 'currency', 'tb', 'notificationcount', 'haspin', 'data', 'data2']
        .concat(REPLY_EXTENSIONS.getInstitution)
        .sort(),
    );
    const plan = (operations.getUpgradeForm.reply as z.ZodMiniObject).shape.plans as z.ZodMiniArray<z.ZodMiniObject>;
    expect(keys(plan.def.element)).toEqual(['plan_name'].concat(REPLY_EXTENSIONS.plan).sort());
    const fixedDepositPlan = (operations.getFixedDepositForm.reply as z.ZodMiniObject).shape
      .plans as z.ZodMiniArray<z.ZodMiniObject>;
    expect(fixedDepositPlan.def.element).toBe(plan.def.element);
    expect(keys(operations.login.reply)).toEqual(
      [
        'role',
        'jwt',
        'verification_status',
        'verified',
        'submitted',
        'email',
        'message',
        'error',
        'ismsg',
        'user',
      ].sort(),
    );
    expect(keys(operations.getHomeStatement.reply)).toEqual(['balance', 'currency', 'transactions']);
    expect(keys(operations.getNotifications.reply)).toEqual(['nc', 'notifications']);
    expect(keys(operations.getProfile.reply)).toEqual(['data', 'it']);
    expect(keys(operations.getContact.reply)).toEqual(['ct']);
    expect(keys(operations.getCryptoDepositForm.reply)).toEqual(
      ['addresses', 'addresses2', 'currency', 'names', 'transactions'].sort(),
    );
  });

  it('takes replies without the extension fields, as the real host sends them', () => {
    const plan = (operations.getUpgradeForm.reply as z.ZodMiniObject).shape.plans as z.ZodMiniArray<z.ZodMiniObject>;
    expect(plan.def.element.parse({ plan_name: 'Tier 2' })).toEqual({ plan_name: 'Tier 2' });
    expect(plan.def.element.parse({ plan_name: 'Tier 2', price: '49.00', features: ['More'] })).toEqual({
      plan_name: 'Tier 2',
      price: 49,
      features: ['More'],
    });
    expect(plan.def.element.parse({ plan_name: 'Tier 2', price: null, features: null })).toEqual({
      plan_name: 'Tier 2',
      price: undefined,
      features: undefined,
    });
    const deposit = (operations.getInstitution.reply as z.ZodMiniObject).shape.verification_deposit as z.ZodMiniType;
    expect(deposit.parse(undefined)).toBeUndefined();
    expect(deposit.parse(null)).toBeUndefined();
    expect(deposit.parse({ type: 'BTC', address: 'bc1q' })).toEqual({
      type: 'BTC',
      address: 'bc1q',
    });
  });

  it("keeps the spec's request row, a fixed deposit's or an upgrade's extended by its plan, with or without it", () => {
    const keys = (schema: z.ZodMiniObject) => Object.keys(schema.shape).sort();
    const rowOf = (reply: z.ZodMiniType) =>
      ((reply as z.ZodMiniObject).shape.transactions as z.ZodMiniArray<z.ZodMiniObject>).def.element;
    const spec = ['type', 'amount', 'status', 'created_at'];
    expect(keys(rowOf(operations.getCryptoDepositForm.reply))).toEqual([...spec].sort());
    expect(keys(rowOf(operations.getPaymentForm.reply))).toEqual([...spec].sort());
    const upgradeRow = rowOf(operations.getUpgradeForm.reply);
    expect(keys(upgradeRow)).toEqual(spec.concat(REPLY_EXTENSIONS.planRequestRow).sort());
    expect(rowOf(operations.getFixedDepositForm.reply)).toBe(upgradeRow);
    const row = { type: 'BTC', amount: '49.00', status: 'pending', created_at: '2026-11-19 10:00:00' };
    expect(upgradeRow.parse(row)).toEqual({ ...row, amount: 49, plan: undefined });
    expect(upgradeRow.parse({ ...row, plan: null })).toEqual({ ...row, amount: 49, plan: undefined });
    expect(upgradeRow.parse({ ...row, plan: 'Tier 2' })).toEqual({ ...row, amount: 49, plan: 'Tier 2' });
  });

  it('sends the transfer fields the spec lists', () => {
    const shape = (operations.createTransfer.request as z.ZodMiniObject).shape;
    expect(Object.keys(shape).sort()).toEqual(
      ['bank', 'swift', 'currency', 'routing', 'country', 'act_no', 'act_hold_name', 'amount', 'note', 'extra'].sort(),
    );
  });

  it('reads PHP-style replies into typed values', () => {
    const reply = operations.getInstitution.reply.parse({
      account: { account_no: 1234567890 },
      u: { picture: null, fullname: 'Demo', current_plan: null, total_credit: '100.50', total_debit: 20 },
      currency: '$',
      tb: { current_balance: '80.5' },
      notificationcount: '2',
      haspin: 'yes',
      data: { account_no: '1234567890' },
      data2: { swift_code: 'DEMOGB2L' },
    });
    expect(reply.account.account_no).toBe('1234567890');
    expect(reply.u.total_credit).toBe(100.5);
    expect(reply.u.picture).toBeUndefined();
    expect(reply.tb.current_balance).toBe(80.5);
    expect(reply.haspin).toBe(true);
    expect(reply.data2.routing_no).toBeUndefined();
  });

  it('tells reads from writes at the type level', () => {
    expectTypeOf<'getInstitution'>().toExtend<QueryName>();
    expectTypeOf<'createTransfer'>().toExtend<MutationName>();
    expectTypeOf<'createTransfer'>().not.toExtend<QueryName>();
    for (const name of operationNames) expect(['query', 'mutation']).toContain(operations[name].kind);
  });
});
