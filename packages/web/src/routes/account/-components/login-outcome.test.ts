import { operations } from '@ebank/contract';
import { describe, expect, it } from 'vitest';
import { loginOutcome, type LoginReply } from './login-outcome';

/** A login reply read through the contract, as the client gets it. */
const reply = (wire: Record<string, unknown>): LoginReply =>
  operations.login.reply.parse({ role: 'user', user: { fullname: 'Ada' }, ...wire });

describe('loginOutcome', () => {
  it('(a) puts the admin role before everything else', () => {
    expect(loginOutcome(reply({ role: 'admin', ismsg: { head: 'h', body: 'b' }, verified: 'no' }), 'a@b.test')).toEqual(
      { kind: 'admin', token: undefined, message: 'Please Wait' },
    );
    expect(loginOutcome(reply({ role: 'admin', jwt: 't' }), 'a@b.test')).toMatchObject({ kind: 'admin', token: 't' });
  });

  it('(b) then an account message', () => {
    expect(
      loginOutcome(reply({ ismsg: { head: 'h', body: 'b' }, verified: 'no', verification_status: 'Declined' }), 'x'),
    ).toEqual({ kind: 'notice', head: 'h', body: 'b' });
  });

  it('(c) then an unverified e-mail, with the address the bank names or the one typed', () => {
    expect(loginOutcome(reply({ verified: 0, verification_status: 'Declined' }), 'typed@bank.test')).toEqual({
      kind: 'verify-email',
      email: 'typed@bank.test',
    });
    expect(loginOutcome(reply({ verified: 'no', email: 'bank@bank.test' }), 'typed@bank.test')).toMatchObject({
      email: 'bank@bank.test',
    });
  });

  it('(d) then KYC Not Verified or Declined', () => {
    expect(loginOutcome(reply({ verification_status: 'Declined', jwt: 't' }), 'a@b.test')).toEqual({
      kind: 'kyc-form',
      status: 'Declined',
      token: 't',
      email: 'a@b.test',
    });
    expect(loginOutcome(reply({ verification_status: 'Not Verified' }), 'a@b.test')).toMatchObject({
      kind: 'kyc-form',
      token: undefined,
    });
  });

  it('(e) then Pending Verification', () => {
    expect(loginOutcome(reply({ verification_status: 'Pending Verification', jwt: 't' }), 'a@b.test')).toEqual({
      kind: 'kyc-review',
      email: 'a@b.test',
    });
  });

  it("(f) otherwise signs in with the token, saying 'Welcome Back' or the bank's message", () => {
    expect(loginOutcome(reply({ jwt: 'token', verified: 'yes', verification_status: 'Verified' }), 'x')).toEqual({
      kind: 'signed-in',
      token: 'token',
      message: 'Welcome Back',
    });
    expect(loginOutcome(reply({ jwt: 'token', message: 'Hello again' }), 'x')).toMatchObject({
      message: 'Hello again',
    });
  });

  it("is no sign-in without a token: 'Invalid Credentials'", () => {
    expect(loginOutcome(reply({ verified: 'yes' }), 'x')).toEqual({ kind: 'failed', message: 'Invalid Credentials' });
  });
});
