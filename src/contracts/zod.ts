import * as z from 'zod/mini';

// The contracts' zod: zod/mini, whose functions are shaken out of the islands' bundles when unused
// (the full zod would add some 27 KB gzip to a diner's live page), set up before any schema is
// made: zod compiles object schemas with `new Function` when it may, which the pages'
// Content-Security-Policy forbids (even zod's probe for it is reported as a violation).
z.config({ jitless: true });

export { z };
