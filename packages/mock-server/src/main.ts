import http from 'node:http';
import { configFromEnv } from './config';
import { createApp, type MockApp } from './http/app';
import { answerClientErrors } from './http/reply';
import { StateFileError } from './persistence';

let config;
try {
  config = configFromEnv(process.env);
} catch (error) {
  // One line naming what to change.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Configuration error: ${message.split('\n').join('; ')}`);
  process.exit(2);
}
let app: MockApp;
try {
  app = await createApp(config.app);
} catch (error) {
  // A state file that cannot be used: one line, and the file is left as it is.
  if (!(error instanceof StateFileError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (config.app.stateFile) console.log(`Keeping the bank in ${config.app.stateFile}`);
if (config.app.upstream)
  console.log(`Proxying the API to ${config.app.upstream}; contract mismatches at /__mock/proxy/mismatches`);
// Requests Node's parser refuses (malformed, cut short, headers too large) are answered in JSON too.
const serve = () => answerClientErrors(http.createServer(app.express));
/**
 * Loopback by default, both 127.0.0.1 and ::1, so that `localhost` reaches the server whichever its
 * system resolves first (docs/decisions/0032-safe-by-default.md); MOCK_HOST names another address.
 */
const addresses = config.host === undefined ? ['127.0.0.1', '::1'] : [config.host];
/** Errors of a loopback address this machine does not have (no IPv6): that address is skipped. */
const ABSENT = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT']);
const listening = await Promise.all(
  addresses.map(
    (address) =>
      new Promise<http.Server | undefined>((resolve) => {
        const server = serve();
        server.once('error', (error: NodeJS.ErrnoException) => {
          if (config.host === undefined && address === '::1' && ABSENT.has(error.code ?? '')) {
            resolve(undefined);
            return;
          }
          console.error(
            error.code === 'EADDRINUSE'
              ? `Port ${config.port} is in use on ${address}: stop the server there, or set PORT to a free port (for example PORT=${config.port < 65535 ? config.port + 1 : 8081})`
              : `Cannot listen on ${address} port ${config.port}: ${error.message}`,
          );
          process.exit(1);
        });
        server.listen(config.port, address, () => resolve(server));
      }),
  ),
);
const servers = listening.filter((server) => server !== undefined);
const shownHost = config.host === undefined || ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
const base = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${config.port}`;
// The config gives the portal's address with its trailing slash.
const portal = config.app.portalUrl;
if (portal !== undefined) {
  console.log(
    `Mock bank ready at ${base}/ (API and developer endpoints); the portal, with live reload: ${portal}  admin area ${portal}admin/`,
  );
} else if (app.servesPortal) console.log(`Mock bank ready: portal ${base}/wp-user/  admin area ${base}/wp-user/admin/`);
else
  console.log(
    `Mock bank ready at ${base}/ without the portal: build it first (pnpm build; pnpm start does both), or set MOCK_WEB_ROOT`,
  );
if (config.host !== undefined)
  console.log(
    `Listening on ${config.host}${config.app.access?.staffKey ? ': the developer endpoints need the staff key (MOCK_STAFF_KEY)' : ''}`,
  );
const stop = () => {
  try {
    app.closeState();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
  }
  let open = servers.length;
  for (const server of servers)
    server.close(() => {
      open -= 1;
      if (open === 0) process.exit(0);
    });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
