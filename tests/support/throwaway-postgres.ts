import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './built-server';

const run = promisify(execFile);

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:{port}/postgres (trust auth). */
  readonly url: string;
  /** pg_ctl stop: `fast` ends sessions cleanly (57P01), `immediate` drops them like a crash. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and deletes its files. */
  destroy(): Promise<void>;
}

/**
 * A Postgres cluster of its own (initdb and pg_ctl from /usr/lib/postgresql/<version>/bin, in a
 * temporary directory, on a free port) that a test may stop and start at will. Returns the reason
 * instead when the binaries are missing, or when running as root without a `postgres` user
 * (initdb refuses to run as root).
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | { unavailable: string }> {
  const bin = postgresBin();
  if (bin === null) return { unavailable: 'no initdb and pg_ctl under /usr/lib/postgresql/*/bin' };
  const owner = await clusterOwner();
  if (owner === null) return { unavailable: 'running as root and there is no postgres user to own a cluster' };
  const dir = await mkdtemp(join(tmpdir(), 'wp-pg-'));
  await chown(dir, owner.uid, owner.gid);
  const as = (command: string, args: string[]) => (owner.name === null ? run(join(bin, command), args) : run('runuser', ['-u', owner.name, '--', join(bin, command), ...args]));
  const data = join(dir, 'data');
  const port = await freePort();
  await as('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const pgCtl = (...args: string[]) => as('pg_ctl', ['-D', data, '-w', '-t', '30', ...args]);
  const start = async () => void (await pgCtl('-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'));
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await start();
      running = true;
    },
    stop: async (mode) => {
      await pgCtl('-m', mode, 'stop');
      running = false;
    },
    destroy: async () => {
      if (running) await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest === undefined ? null : join(root, newest, 'bin');
}

async function clusterOwner(): Promise<{ name: string | null; uid: number; gid: number } | null> {
  const me = userInfo();
  if (me.uid !== 0) return { name: null, uid: me.uid, gid: me.gid };
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { name: 'postgres', uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return null;
  }
}
