/** The dependency rule of DESIGN.md §2, checked on every test run. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ is pure TypeScript: it imports nothing outside domain/ (no packages, no Node built-ins).',
      severity: 'error',
      from: { path: '^domain/' },
      to: { pathNot: '^domain/' },
    },
    {
      name: 'ports-know-only-the-domain',
      comment: 'ports/ describe what the domain needs; they never name an adapter or the app.',
      severity: 'error',
      from: { path: '^ports/' },
      to: { path: '^(adapters|src|migrations)/' },
    },
    {
      name: 'adapters-do-not-know-the-app',
      comment: 'adapters implement ports; the wiring lives in src/ only.',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: '^src/' },
    },
    {
      name: 'application-knows-only-domain-and-ports',
      comment: 'Use cases (src/application/) take domain values and return Results: they import domain/ and ports/ only (no packages, no Node built-ins, no HTTP, no adapters).',
      severity: 'error',
      from: { path: '^src/application/' },
      to: { pathNot: '^(domain|ports|src/application)/' },
    },
    {
      name: 'contracts-are-shared-by-server-and-browser',
      comment: 'src/contracts/ (each endpoint: path, zod schemas, refusal codes) is imported by routes and islands alike: it knows only domain/ and zod.',
      severity: 'error',
      from: { path: '^src/contracts/' },
      to: { pathNot: '^(domain|src/contracts)/|node_modules/zod/' },
    },
    {
      name: 'adapters-only-in-the-composition-root',
      comment: 'Adapters are picked and built in src/server/container/ alone; everything else reaches them through ports.',
      severity: 'error',
      from: { pathNot: '^(adapters|src/server/container)/' },
      to: { path: '^adapters/' },
    },
    {
      name: 'services-come-through-locals',
      comment: 'Pages and endpoints get the use cases as Astro.locals.services(); only the middleware (which sets it, and recognises adapter faults) reaches the composition root.',
      severity: 'error',
      from: { pathNot: '^src/server/(container|middleware)/|^src/server/services\\.ts$' },
      to: { path: '^src/server/container/' },
    },
    {
      name: 'browser-code-stays-client-safe',
      comment: 'Islands and browser modules must not pull server-only code (adapters, secrets, the container) into a bundle.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^(adapters|migrations|src/server)/|^src/pages/' },
    },
    {
      name: 'browser-code-has-no-node-builtins',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      // The bill in progress (client/bill) and the design system (client/ui) are what the screens share;
      // they know no screen. Only the wizard knows the wizard, and the live bill knows nothing of paying back,
      // so no two client folders import each other.
      name: 'client-bill-and-ui-know-no-screen',
      severity: 'error',
      from: { path: '^src/client/(bill|ui)/' },
      to: { path: '^src/client/(?!bill/|ui/)[^/]+/' },
    },
    {
      name: 'only-the-wizard-knows-the-wizard',
      severity: 'error',
      from: { path: '^src/client/(?!wizard/)' },
      to: { path: '^src/client/wizard/' },
    },
    {
      name: 'the-live-bill-knows-nothing-of-paying-back',
      severity: 'error',
      from: { path: '^src/client/live-bill/' },
      to: { path: '^src/client/paying-back/' },
    },
    {
      name: 'one-word-per-capability',
      comment:
        "A capability has one name in every ring (docs/architecture.md, Capabilities): buying-tokens, scan-credits, injection-keys, repayments. No folder is named payments, tokens or metering, no module payments.ts or tokens.ts (routes under src/pages/ keep the spec's URLs).",
      severity: 'error',
      from: {},
      to: { path: ['(^|/)(payments|tokens|metering)/', '(^|/)(payments|tokens)\\.tsx?$'], pathNot: '^(src/pages|node_modules)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.astro'] },
  },
};
