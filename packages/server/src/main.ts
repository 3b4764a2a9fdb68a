/** Runs the server from the environment: `node --import tsx packages/server/src/main.ts`. */
import { createServer } from './app';
import { loadConfigFromEnv } from './config';

const config = loadConfigFromEnv();
const app = await createServer(config);
await app.listen({ port: config.port, host: config.host });
console.log(
  `docstudio server listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    void app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
