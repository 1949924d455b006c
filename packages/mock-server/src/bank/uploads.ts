/** Files customers sent (pictures, KYC documents, proofs of payment), kept in memory. */
import { randomUUID } from 'node:crypto';
import type { BankContext } from './context';
import type { Upload, UploadSnapshot, User } from './model';

export class Uploads {
  private readonly uploads = new Map<string, Upload>();

  constructor(private readonly context: BankContext) {}

  store(owner: User, mimetype: string, bytes: Uint8Array): string {
    const id = randomUUID();
    this.uploads.set(id, {
      id,
      ownerId: owner.id,
      mimetype,
      bytes: new Uint8Array(bytes),
      createdAt: this.context.now(),
    });
    return id;
  }

  get(id: string): Upload | undefined {
    return this.uploads.get(id);
  }

  /** Forgets these uploads: a request the bank refuses keeps none of the files it brought. */
  discard(ids: readonly string[]) {
    for (const id of ids) this.uploads.delete(id);
  }

  ids(): string[] {
    return [...this.uploads.keys()];
  }

  /** The uploads as plain records (the bytes in base64), in the order stored. */
  records(): UploadSnapshot[] {
    return [...this.uploads.values()].map((u) => ({ ...u, bytes: Buffer.from(u.bytes).toString('base64') }));
  }

  /** Takes in records from records(). */
  load(records: readonly UploadSnapshot[]) {
    for (const u of records) this.uploads.set(u.id, { ...u, bytes: new Uint8Array(Buffer.from(u.bytes, 'base64')) });
  }
}
