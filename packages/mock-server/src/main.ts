import { configFromEnv } from './config';
import { createApp } from './http/app';

let config;
try {
  config = configFromEnv(process.env);
} catch (error) {
  console.error(`Configuration error:\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const app = await createApp(config.app);
const server = app.listen(config.port, () => {
  console.log(
    `Mock bank ready: portal http://localhost:${config.port}/wp-user/  staff http://localhost:${config.port}/__mock/staff/`,
  );
});
server.on('error', (error) => {
  console.error(`Cannot listen on port ${config.port}: ${error.message}`);
  process.exit(1);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
