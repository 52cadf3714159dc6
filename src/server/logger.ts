import { createLogger } from './edge/request-log.mjs';

/** Structured JSON logs (pino), configured once for the server and scripts/serve.mjs. */
export const logger = createLogger();
