/**
 * Files customers sent (pictures, KYC documents, proofs of payment), kept in memory, within a quota per
 * customer (files and bytes in all, config.ts): a file past it is refused and nothing is stored.
 */
import type { BankContext } from './context';
import { refuse } from './errors';
import type { Upload, UploadSnapshot, User } from './model';
import { fromBase64, randomId, toBase64 } from './security';

const MB = 1024 * 1024;

export class Uploads {
  private readonly uploads = new Map<string, Upload>();
  /** How many files and bytes each customer's uploads hold, by customer id. */
  private readonly usage = new Map<string, { files: number; bytes: number }>();

  constructor(private readonly context: BankContext) {}

  /**
   * Keeps a file of a customer's, within their quota. `replacing`: uploads of theirs that this one and
   * the others of its request take the place of (a profile picture, a declined case's KYC documents),
   * whose room counts as free.
   */
  store(owner: User, mimetype: string, bytes: Uint8Array, replacing: readonly string[] = []): string {
    const quota = this.context.config.uploadQuota;
    const used = this.usage.get(owner.id) ?? { files: 0, bytes: 0 };
    const freed = replacing.flatMap((id) => {
      const old = this.uploads.get(id);
      return old?.ownerId === owner.id ? [old.bytes.length] : [];
    });
    const files = used.files + 1 - freed.length;
    const total = used.bytes + bytes.length - freed.reduce((sum, n) => sum + n, 0);
    if (files > quota.files || total > quota.bytes) {
      const limit = `${quota.files} files, ${Math.floor(quota.bytes / MB)} MB in all`;
      refuse(
        'quota_exceeded',
        `Your account already holds as many files as it can keep (${limit}). Please contact support before sending more.`,
      );
    }
    const id = randomId();
    this.add({ id, ownerId: owner.id, mimetype, bytes: new Uint8Array(bytes), createdAt: this.context.now() });
    return id;
  }

  private add(upload: Upload) {
    this.uploads.set(upload.id, upload);
    const used = this.usage.get(upload.ownerId);
    if (used) {
      used.files += 1;
      used.bytes += upload.bytes.length;
    } else this.usage.set(upload.ownerId, { files: 1, bytes: upload.bytes.length });
  }

  get(id: string): Upload | undefined {
    return this.uploads.get(id);
  }

  /** What a customer's uploads hold in all. */
  usageOf(ownerId: string): { readonly files: number; readonly bytes: number } {
    const used = this.usage.get(ownerId);
    return used ? { ...used } : { files: 0, bytes: 0 };
  }

  /**
   * Forgets these uploads: a request the bank refuses keeps none of the files it brought, and a
   * replaced picture or KYC document is not kept.
   */
  discard(ids: readonly string[]) {
    for (const id of ids) {
      const upload = this.uploads.get(id);
      if (!upload) continue;
      this.uploads.delete(id);
      const used = this.usage.get(upload.ownerId);
      if (!used) continue;
      used.files -= 1;
      used.bytes -= upload.bytes.length;
      if (used.files === 0) this.usage.delete(upload.ownerId);
    }
  }

  ids(): string[] {
    return [...this.uploads.keys()];
  }

  /** The uploads as plain records (the bytes in base64), in the order stored. */
  records(): UploadSnapshot[] {
    return [...this.uploads.values()].map((u) => ({ ...u, bytes: toBase64(u.bytes) }));
  }

  /** Takes in records from records(). */
  load(records: readonly UploadSnapshot[]) {
    for (const u of records) this.add({ ...u, bytes: fromBase64(u.bytes) });
  }
}
