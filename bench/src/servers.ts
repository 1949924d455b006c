/**
 * The servers under load, each in a process of its own (so the load generator never shares their event
 * loop): `mock PORT [WEB_ROOT]` is the mock bank as `pnpm start` runs it; `bare PORT REPLY_FILE` is bare
 * Express with the same body parsing (multer `.none()` for multipart, `express.urlencoded` otherwise)
 * answering a fixed JSON reply; `hash SECONDS CONNECTIONS` hashes passcodes as a login does, for as
 * long as asked with that many at a time, and prints how many it did per second.
 */
import { readFileSync } from 'node:fs';
import express from 'express';
import multer from 'multer';
import { createApp } from '@ebank/mock-server/src/http/app';
import { DEFAULT_HASH_COST, hashSecret } from '@ebank/mock-server/src/bank/security';

const [kind, arg1, arg2] = process.argv.slice(2);

async function main() {
  if (kind === 'mock') {
    const app = await createApp(arg2 === undefined ? {} : { webRoot: arg2 });
    app.listen(Number(arg1), '127.0.0.1', () => {
      console.log('ready');
    });
    return;
  }
  if (kind === 'bare') {
    const reply = readFileSync(String(arg2), 'utf8');
    const app = express();
    const multipart = multer().none();
    const urlencoded = express.urlencoded({ extended: false });
    app.post('/api/users.php', (req, res, next) =>
      (req.is('multipart/form-data') ? multipart : urlencoded)(req, res, next),
    );
    app.post('/api/users.php', (_req, res) => {
      res.type('application/json').send(reply);
    });
    app.listen(Number(arg1), '127.0.0.1', () => {
      console.log('ready');
    });
    return;
  }
  if (kind === 'hash') {
    const until = Date.now() + Number(arg1) * 1000;
    let done = 0;
    const worker = async () => {
      while (Date.now() < until) {
        await hashSecret('123456', DEFAULT_HASH_COST);
        done += 1;
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: Number(arg2) }, worker));
    console.log(JSON.stringify({ perSecond: (done * 1000) / (Date.now() - started) }));
    return;
  }
  throw new Error(`Unknown server kind ${String(kind)}`);
}

await main();
