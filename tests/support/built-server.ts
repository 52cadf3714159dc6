import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface BuiltServer {
  readonly url: string;
  readonly process: ChildProcess;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  /** SIGTERM (graceful shutdown), SIGKILL after 5 s; resolves when the process has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the built app (`dist/`, so `astro build` must have run) with scripts/serve.mjs on a free
 * loopback port, and waits until /api/health answers 200. `env` is added to this process's
 * environment; pass DATABASE_URL: '' and a DATA_DIR for an embedded database of its own, and PORT
 * to start a server again where it was.
 */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  let stopping = false;
  const server: BuiltServer = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output.join(''),
    stop: () => {
      stopping = true;
      return stop(child);
    },
  };
  // A server that dies under the tests takes every later test with it: say how, with what it printed.
  child.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`built server on port ${port} exited unexpectedly (code ${code}, signal ${signal}):\n${output.join('').slice(-4000)}\n`);
  });
  try {
    await waitForHealth(server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitForHealth(server: BuiltServer): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`server exited with ${server.process.exitCode}:\n${server.output()}`);
    const ok = await fetch(`${server.url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
