import { beforeEach, describe, expect, it } from 'vitest';
import { sampleImages } from '@ebank/contract/testing';
import type { Bank } from './bank';
import type { User } from './model';
import { refused, seededTestBank } from './test-bank';

const png = sampleImages['image/png'];
let bank: Bank;
let demo: User;

beforeEach(async () => {
  ({ bank, demo } = await seededTestBank({ uploadQuota: { files: 5, bytes: 4 * 1024 * 1024 } }));
});

const kyc = (documents: string[]) => ({
  documentType: 'Passport',
  country: 'Germany',
  phone: '+49 30 1234567',
  homeAddress: 'Unter den Linden 1',
  documents,
});

describe("a customer's uploads", () => {
  it('a new profile picture frees the one it replaces', () => {
    const first = bank.storeUpload(demo, 'image/png', png);
    bank.setPicture(demo, first);
    const second = bank.storeUpload(demo, 'image/png', png, [first]);
    bank.setPicture(demo, second);
    expect(demo.picture).toBe(second);
    expect(bank.upload(first)).toBeUndefined();
    expect(bank.upload(second)?.bytes).toEqual(png);
    expect(bank.uploadUsage(demo)).toEqual({ files: 1, bytes: png.length });
  });

  it('are held to a quota of files, KYC documents included; past it nothing is stored', async () => {
    const kycNew = bank.findByEmail('kyc-new@bank.test');
    if (!kycNew) throw new Error('no kyc-new persona');
    const documents = [1, 2, 3].map(() => bank.storeUpload(kycNew, 'image/png', png));
    bank.submitKyc(kycNew, kyc(documents));
    bank.storeUpload(kycNew, 'image/png', png);
    bank.storeUpload(kycNew, 'image/png', png);
    const before = bank.digest();
    const refusal = await refused(() => bank.storeUpload(kycNew, 'image/png', png));
    expect(refusal).toMatchObject({
      status: 409,
      code: 'quota_exceeded',
      message:
        'Your account already holds as many files as it can keep (5 files, 4 MB in all). ' +
        'Please contact support before sending more.',
    });
    expect(bank.digest()).toBe(before);
    // Another customer has room of their own.
    expect(bank.upload(bank.storeUpload(demo, 'image/png', png))).toBeDefined();
  });

  it('are held to a quota of bytes', async () => {
    const big = new Uint8Array(1536 * 1024);
    bank.storeUpload(demo, 'image/png', big);
    bank.storeUpload(demo, 'image/png', big);
    expect((await refused(() => bank.storeUpload(demo, 'image/png', big))).status).toBe(409);
    expect(bank.uploadUsage(demo)).toEqual({ files: 2, bytes: 2 * big.length });
  });

  it('a picture at the quota may still replace the picture', () => {
    const ids = [1, 2, 3, 4, 5].map(() => bank.storeUpload(demo, 'image/png', png));
    bank.setPicture(demo, ids[0] ?? '');
    const next = bank.storeUpload(demo, 'image/png', png, [ids[0] ?? '']);
    bank.setPicture(demo, next);
    expect(bank.uploadUsage(demo).files).toBe(5);
  });

  it("a KYC case submitted again frees the declined case's documents", async () => {
    ({ bank } = await seededTestBank());
    const declined = bank.findByEmail('kyc-declined@bank.test');
    if (!declined) throw new Error('no kyc-declined persona');
    const first = [1, 2, 3].map(() => bank.storeUpload(declined, 'image/png', png));
    bank.setKyc(declined, 'Not Verified');
    bank.submitKyc(declined, kyc(first));
    bank.decideKyc(declined.id, false);
    const second = [1, 2, 3].map(() => bank.storeUpload(declined, 'image/png', png));
    bank.submitKyc(declined, kyc(second));
    expect(first.map((id) => bank.upload(id))).toEqual([undefined, undefined, undefined]);
    expect(second.every((id) => bank.upload(id))).toBe(true);
    expect(bank.uploadUsage(declined).files).toBe(3);
  });
});
