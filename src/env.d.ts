/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The use cases, built once by the composition root; set by src/server/middleware/provide-services.ts. */
    services: () => Promise<import('./server/services').Services>;
    /**
     * Set by a page that is the same for every visitor of its URL until this time (ms since the
     * epoch): src/server/middleware/compress-pages.ts then caches it.
     */
    sameForEveryoneUntil?: number;
  }
}
