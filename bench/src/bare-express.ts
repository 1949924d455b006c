/**
 * The mock's reference under load: bare Express 5 with the body parsing an Express API of this kind uses
 * (multer with memory storage for multipart/form-data, `express.urlencoded` otherwise), answering the
 * bytes the mock gave for the same call (status, headers and body, read from a file), and nothing else.
 *
 * `bare-express.ts PORT REPLY_FILE`; prints `ready` once it listens. REPLY_FILE holds a `Reply` as JSON.
 */
import { readFileSync } from 'node:fs';
import express from 'express';
import multer from 'multer';

export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Base64. */
  readonly body: string;
}

const [port, replyFile] = process.argv.slice(2);
if (port === undefined || replyFile === undefined) throw new Error('Usage: bare-express.ts PORT REPLY_FILE');
const reply = JSON.parse(readFileSync(replyFile, 'utf8')) as Reply;
const body = Buffer.from(reply.body, 'base64');

const app = express();
// The mock sends neither; the same bytes go out.
app.disable('x-powered-by');
app.set('etag', false);
const multipart = multer({ storage: multer.memoryStorage() }).any();
const urlencoded = express.urlencoded({ extended: false });
app.post('/api/users.php', (req, res, next) => {
  (req.is('multipart/form-data') ? multipart : urlencoded)(req, res, next);
});
app.post('/api/users.php', (_req, res) => {
  res.status(reply.status).set(reply.headers).send(body);
});
const server = app.listen(Number(port), '127.0.0.1', (error) => {
  if (error) {
    console.error(`bare Express cannot listen on port ${port}: ${error.message}`);
    process.exit(1);
  }
  console.log('ready');
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
