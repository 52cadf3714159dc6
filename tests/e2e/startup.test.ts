import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
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
});

describe('client bundles', () => {
  it('carry no server-only code or secrets', async () => {
    const dir = 'dist/client/_astro';
    const files = (await readdir(dir)).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = await readFile(join(dir, file), 'utf8');
      for (const marker of ['kysely', 'PGlite', 'pg-pool', 'STRIPE_SECRET_KEY', 'PAYPAL_CLIENT_SECRET', 'OPENAI_API_KEY', 'SHARE_SIGNING_KEYS', 'tesseract', 'node:fs'])
        expect(text.includes(marker), `${file} contains ${marker}`).toBe(false);
    }
  });
});
