import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface BuiltServer {
  readonly baseUrl: string;
  readonly process: ChildProcess;
  /** Everything the process printed so far (its request log, its errors). */
  readonly output: string[];
  /** SIGTERM, then SIGKILL if it has not exited after 15 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts the built server (`npm run build` first: `dist/`) through scripts/serve.mjs on a free port, ready once /api/health answers 200. */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitForHealth(baseUrl, child, output);
  return {
    baseUrl,
    process: child,
    output,
    stop: () => {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode);
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      return exited.finally(() => clearTimeout(killer));
    },
  };
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${output.join('')}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${output.join('')}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
