import { createApp } from './app';

const port = Number(process.env.PORT ?? 8080);
const server = createApp().listen(port, () => {
  console.log(`Mock bank listening on http://localhost:${port}/`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
