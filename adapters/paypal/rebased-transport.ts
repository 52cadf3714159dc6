// The PayPal SDK knows only its two hosted environments. To reach a fake or another server we give
// its axios client an adapter that sends each request to the configured base URL instead, over fetch.

interface AxiosLikeConfig {
  url?: string;
  method?: string;
  headers?: { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
  data?: unknown;
  auth?: { username: string; password: string };
  timeout?: number;
}

export function rebasedTransport(baseUrl: string) {
  const base = new URL(baseUrl);
  return async (config: AxiosLikeConfig) => {
    const target = new URL(config.url ?? '/');
    const url = new URL(`${base.pathname.replace(/\/$/, '')}${target.pathname}${target.search}`, base.origin);
    const headers = new Headers();
    const raw = typeof config.headers?.toJSON === 'function' ? config.headers.toJSON() : (config.headers ?? {});
    for (const [name, value] of Object.entries(raw)) if (value !== undefined && value !== null && typeof value !== 'object') headers.set(name, String(value));
    if (config.auth) headers.set('authorization', `Basic ${Buffer.from(`${config.auth.username}:${config.auth.password}`).toString('base64')}`);
    const response = await fetch(url, {
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body: typeof config.data === 'string' ? config.data : undefined,
      signal: AbortSignal.timeout(config.timeout && config.timeout > 0 ? config.timeout : 30_000),
    });
    return {
      data: await response.text(),
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers),
      config,
      request: {},
    };
  };
}
