import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_RECOVERY_CODE_DAYS } from '../../domain/scan-credits/recovery-code';

/** Enough connections for 16 scans' reservations in flight at once (issue 31), with a few to spare for other requests. */
const DEFAULT_DATABASE_POOL_SIZE = 20;

const optionalText = z.string().trim().min(1).optional();
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321), // 0: any free port
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  // Connections each process may hold to DATABASE_URL (Postgres allows 100 by default, for every process together).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(DEFAULT_DATABASE_POOL_SIZE),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  PUBLIC_BASE_URL: optionalUrl,
  SHARE_SIGNING_KEYS: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,16}:.{32,}(,[A-Za-z0-9_-]{1,16}:.{32,})*$/, 'must be a comma-separated list of kid:secret with secrets of at least 32 characters')
    .optional(),
  RECEIPT_ENGINE: z.enum(['local', 'openai']).optional(),
  // Photos the local engine reads at once, each in a worker thread of its own.
  RECEIPT_READERS: z.coerce.number().int().min(1).max(64).optional(),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: optionalText,
  // The specification gives a reading 30 s; a shorter budget suits a fast self-hosted model (and the fault tests).
  OPENAI_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(30),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE_URL: optionalUrl,
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_API_BASE_URL: optionalUrl,
  PRODUCT_DOMAINS: z
    .string()
    .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, 'must be a comma-separated list of host names, e.g. whospaying.app,www.whospaying.app')
    .optional(),
  // How many reverse proxies (load balancers) in front of us append to X-Forwarded-For; 0 trusts none.
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // Time a client has to send a whole request (read by scripts/serve.mjs; validated here with the rest).
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  NODE_ENV: z.string().optional(),
  // TEST MODE payments on purpose (`test`), or real providers required (`live`, the default in production).
  PAYMENTS_MODE: z.enum(['test', 'live']).optional(),
  // Free scans one client address (IPv6: its /64) may take per London day, across all its anonymous ids.
  FREE_SCANS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(10),
  // What the openai engine may spend per London day, and what one reading is reckoned to cost.
  OPENAI_DAILY_BUDGET_PENCE: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  OPENAI_COST_PER_SCAN_PENCE: z.coerce.number().min(0.01).max(1000).default(1),
  // How long a recovery code shown after a purchase stays usable.
  RECOVERY_CODE_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_RECOVERY_CODE_DAYS),
});

export type Environment = z.infer<typeof environment>;

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly database: { readonly kind: 'postgres'; readonly url: string; readonly poolSize: number } | { readonly kind: 'pglite'; readonly dataDir: string };
  readonly dataDir: string;
  readonly publicBaseUrl: string | null;
  readonly shareSigningKeys: readonly { readonly kid: string; readonly secret: string }[] | null;
  readonly receiptEngine: 'local' | 'openai';
  /** Worker threads reading photos for the local engine: the readings run at once. */
  readonly receiptReaders: number;
  readonly openai: {
    readonly apiKey: string | null;
    readonly baseUrl: string | null;
    readonly model: string;
    readonly timeoutMs: number;
    /** The daily spend ceiling, and the reckoned cost of one reading, in hundredths of a penny. */
    readonly dailyBudgetCentipence: number;
    readonly costPerScanCentipence: number;
  };
  readonly stripe: { readonly secretKey: string; readonly publishableKey: string; readonly webhookSecret: string; readonly apiBaseUrl: string | null } | null;
  readonly paypal: { readonly clientId: string; readonly clientSecret: string; readonly apiBaseUrl: string | null } | null;
  /** Hosts where `/` is the landing page and `/app` the app; localhost always counts. */
  readonly productDomains: readonly string[];
  /** Proxies whose X-Forwarded-For entries are believed when finding the client's address. */
  readonly trustedProxyHops: number;
  /** `live` when any real provider key is set: TEST MODE credits then never count. */
  readonly paymentsMode: 'test' | 'live';
  readonly freeScansPerAddressPerDay: number;
  /** Days a new recovery code stays usable. */
  readonly recoveryCodeDays: number;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';
const DEFAULT_PRODUCT_DOMAINS = 'whospaying.app,www.whospaying.app';

/** Reads the environment table in the README; every problem is reported at once, by variable name. */
export function readConfig(env: Record<string, string | undefined>): ConfigResult {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = environment.safeParse(blankless);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  const problems: string[] = [];
  if (e.RECEIPT_ENGINE === 'openai' && !e.OPENAI_API_KEY && !e.OPENAI_BASE_URL) problems.push('RECEIPT_ENGINE: openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a self-hosted server)');
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) problems.push('STRIPE_*: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together, or none for test mode');
  if (Boolean(e.PAYPAL_CLIENT_ID) !== Boolean(e.PAYPAL_CLIENT_SECRET)) problems.push('PAYPAL_*: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET together, or neither for test mode');
  problems.push(...paymentModeProblems(e));
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } : { kind: 'pglite', dataDir: e.DATA_DIR },
      dataDir: e.DATA_DIR,
      publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? null,
      shareSigningKeys: e.SHARE_SIGNING_KEYS ? parseKeys(e.SHARE_SIGNING_KEYS) : null,
      receiptEngine: e.RECEIPT_ENGINE ?? (e.OPENAI_API_KEY ? 'openai' : 'local'),
      // One core is left to the event loop that answers every other request.
      receiptReaders: e.RECEIPT_READERS ?? Math.max(1, availableParallelism() - 1),
      openai: {
        apiKey: e.OPENAI_API_KEY ?? null,
        baseUrl: e.OPENAI_BASE_URL ?? null,
        model: e.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL,
        timeoutMs: e.OPENAI_TIMEOUT_SECONDS * 1000,
        dailyBudgetCentipence: e.OPENAI_DAILY_BUDGET_PENCE * 100,
        costPerScanCentipence: Math.round(e.OPENAI_COST_PER_SCAN_PENCE * 100),
      },
      stripe: e.STRIPE_SECRET_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiBaseUrl: e.STRIPE_API_BASE_URL ?? null }
        : null,
      paypal: e.PAYPAL_CLIENT_ID ? { clientId: e.PAYPAL_CLIENT_ID, clientSecret: e.PAYPAL_CLIENT_SECRET!, apiBaseUrl: e.PAYPAL_API_BASE_URL ?? null } : null,
      productDomains: (e.PRODUCT_DOMAINS ?? DEFAULT_PRODUCT_DOMAINS).split(',').map((d) => d.toLowerCase()),
      trustedProxyHops: e.TRUSTED_PROXY_HOPS,
      paymentsMode: e.STRIPE_SECRET_KEY || e.PAYPAL_CLIENT_ID ? 'live' : 'test',
      freeScansPerAddressPerDay: e.FREE_SCANS_PER_ADDRESS_PER_DAY,
      recoveryCodeDays: e.RECOVERY_CODE_DAYS,
    },
  };
}

const PAYMENT_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'] as const;

/**
 * Without keys, payments run in TEST MODE, where anyone buys tokens with a test card. In production
 * (and with PAYMENTS_MODE=live) that must be asked for explicitly; PAYMENTS_MODE=test with keys is a
 * contradiction, refused too.
 */
function paymentModeProblems(e: Environment): string[] {
  const missing = PAYMENT_KEYS.filter((name) => !e[name]);
  if (e.PAYMENTS_MODE === 'test')
    return missing.length < PAYMENT_KEYS.length ? ['PAYMENTS_MODE: test runs every provider in TEST MODE; unset the STRIPE_* and PAYPAL_* keys, or unset PAYMENTS_MODE'] : [];
  const live = e.PAYMENTS_MODE === 'live' || e.NODE_ENV === 'production';
  if (!live || missing.length === 0) return [];
  const why = e.PAYMENTS_MODE === 'live' ? 'PAYMENTS_MODE=live' : 'NODE_ENV=production';
  return [
    `PAYMENTS_MODE: ${why} needs real payment keys (missing ${missing.join(', ')}); without them tokens would be sold in TEST MODE for free. Set the keys, or PAYMENTS_MODE=test to run TEST MODE on purpose`,
  ];
}

function parseKeys(list: string): { kid: string; secret: string }[] {
  return list.split(',').map((entry) => {
    const at = entry.indexOf(':');
    return { kid: entry.slice(0, at), secret: entry.slice(at + 1) };
  });
}
