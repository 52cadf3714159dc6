import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/serve.mjs'], { env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('start-up', () => {
  it('stops with exit code 78 and names every bad variable when the configuration is invalid', async () => {
    const { code, output } = await runServer({ DATABASE_URL: 'mysql://nope', STRIPE_SECRET_KEY: 'sk_test_only' });
    expect(code).toBe(78);
    expect(output).toContain('invalid configuration');
    expect(output).toContain('DATABASE_URL');
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('refuses NODE_ENV=production without payment keys (tokens would be free in TEST MODE), exit 78 with the reason', async () => {
    const { code, output } = await runServer({ NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: '/nonexistent/never-created' });
    expect(code).toBe(78);
    expect(output).toMatch(/PAYMENTS_MODE: NODE_ENV=production needs real payment keys/);
  });
});

describe('shutdown', () => {
  it('on SIGTERM stops taking connections, closes the embedded database and exits 0; the data opens again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wp-shutdown-'));
    try {
      for (let round = 0; round < 2; round++) {
        const child = spawn(process.execPath, ['scripts/serve.mjs'], { env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout.on('data', (d: Buffer) => {
            output += d.toString();
            const match = /listening on (http:\/\/\S+)/.exec(output);
            if (match) resolve(match[1]!);
          });
          child.on('exit', () => reject(new Error(output)));
        });
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
        const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('client bundles', () => {
  it('carry no server-only code or secrets', async () => {
    const dir = 'dist/client/_astro';
    const files = (await readdir(dir)).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = await readFile(join(dir, file), 'utf8');
      for (const marker of ['kysely', 'PGlite', 'pg-pool', 'STRIPE_SECRET_KEY', 'PAYPAL_CLIENT_SECRET', 'OPENAI_API_KEY', 'SHARE_SIGNING_KEYS', 'onnxruntime', 'node:fs'])
        expect(text.includes(marker), `${file} contains ${marker}`).toBe(false);
    }
  });
});
