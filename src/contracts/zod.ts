import { z } from 'zod';

// The contracts' zod, set up before any schema is made: zod compiles object schemas with
// `new Function` when it may, which the pages' Content-Security-Policy forbids (even zod's probe for
// it is reported as a violation). Contracts import `z` from here, never from 'zod' itself.
z.config({ jitless: true });

export { z };
