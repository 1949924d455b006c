/**
 * The login's floor (docs/decisions/0011-login-benchmark-floor.md), run as a process of its own:
 * `hash-floor.ts SECONDS CONCURRENCY` hashes the demo passcode with the login's own hash (the bank's
 * `hashSecret`: PBKDF2 through the Web Crypto API at the bank's default cost, as a login checks it),
 * that many at a time, for that long, and prints `{"perSecond": N}`.
 */
import { DEFAULT_HASH_COST, hashSecret } from '@ebank/mock-server/src/bank/security';

const [seconds, concurrency] = process.argv.slice(2).map(Number);
if (seconds === undefined || concurrency === undefined || !(seconds > 0) || !(concurrency > 0))
  throw new Error('Usage: hash-floor.ts SECONDS CONCURRENCY');

const until = Date.now() + seconds * 1000;
let done = 0;
const worker = async () => {
  while (Date.now() < until) {
    await hashSecret('123456', DEFAULT_HASH_COST);
    done += 1;
  }
};
const started = Date.now();
await Promise.all(Array.from({ length: concurrency }, worker));
console.log(JSON.stringify({ perSecond: (done * 1000) / (Date.now() - started) }));
