import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of a test's own (Debian's binaries, scripts/pg-throwaway.sh), which the test may
 * stop and start again — a real restart, not a network gap — without touching the server the other
 * test files share.
 */
export class OwnPostgres {
  private constructor(
    readonly dir: string,
    readonly url: string,
  ) {}

  static start(): OwnPostgres {
    // Its own directory, open to the postgres user the server runs as (a test's temp dir is not).
    const dir = mkdtempSync(path.join(tmpdir(), 'freshcatch-pg-'));
    chmodSync(dir, 0o755);
    const out = execFileSync('bash', ['scripts/pg-throwaway.sh', 'start', dir], { encoding: 'utf8' });
    const url = out.match(/DATABASE_URL=(\S+)/)?.[1];
    if (!url) throw new Error(`pg-throwaway.sh printed no DATABASE_URL: ${out}`);
    return new OwnPostgres(dir, url);
  }

  private pgCtl(...args: string[]): void {
    const bin = readdirSync('/usr/lib/postgresql')
      .sort((a, b) => Number(a) - Number(b))
      .map((version) => `/usr/lib/postgresql/${version}/bin`)
      .at(-1)!;
    const command = [`${bin}/pg_ctl`, '-D', `${this.dir}/data`, ...args];
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', ...command]);
    else execFileSync(command[0]!, command.slice(1));
  }

  /** A fast shutdown: open connections are cut, as in a restart or a failover. */
  stopServer(): void {
    this.pgCtl('-m', 'fast', '-w', 'stop');
  }

  /** Starts it again on the same port, with the options it was first started with. */
  startServer(): void {
    const port = new URL(this.url).port;
    this.pgCtl(
      '-l',
      `${this.dir}/server.log`,
      '-w',
      '-o',
      `-p ${port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      'start',
    );
  }

  remove(): void {
    execFileSync('bash', ['scripts/pg-throwaway.sh', 'stop', this.dir]);
  }
}
