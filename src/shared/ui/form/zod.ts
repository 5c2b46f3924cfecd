import { z } from 'zod';

/*
 * The app's one door to zod: every schema is made with this `z` (lint refuses `zod` anywhere
 * else). Zod 4 compiles its object parsers with `new Function` and probes whether it may the
 * first time an object schema is made; under the production CSP (`script-src 'self'`, no
 * 'unsafe-eval') the browser reports that probe as a violation even though zod catches it. Set
 * here, jitless holds before any module of any chunk makes a schema, as each imports this first
 * (e2e/production-csp.spec.ts).
 */
z.config({ jitless: true });

export { z };
