/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The use cases, built once by the composition root; set by src/server/middleware/provide-services.ts. */
    services: () => Promise<import('./server/services').Services>;
  }
}
