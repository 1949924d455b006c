import http from 'node:http';
import { configFromEnv } from './config';
import { createApp, type MockApp } from './http/app';
import { answerClientErrors } from './http/reply';
import { StateFileError } from './persistence';

let config;
try {
  config = configFromEnv(process.env);
} catch (error) {
  console.error(`Configuration error:\n${error instanceof Error ? error.message : String(error)}`);
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
const server = answerClientErrors(http.createServer(app.express));
server.listen(config.port, () => {
  console.log(
    `Mock bank ready: portal http://localhost:${config.port}/wp-user/  staff http://localhost:${config.port}/__mock/staff/`,
  );
});
server.on('error', (error) => {
  console.error(`Cannot listen on port ${config.port}: ${error.message}`);
  process.exit(1);
});
const stop = () => {
  try {
    app.closeState();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
  }
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
