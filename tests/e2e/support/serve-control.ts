import { mkdirSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import * as schema from '#db/schema';
import { E2E_DATA_DIR } from './constants';

/**
 * A journey's way into the e2e server's own database, for what it cannot wait for. The database is the
 * server's (PGlite lives in its process), so the test process asks the server: on a Unix socket in its
 * data directory, no port of its own to share with another run on the machine (E2E_PORT).
 */
const CONTROL_SOCKET = path.join(E2E_DATA_DIR, 'control.sock');

/** The session cookie Better Auth sets over http (the e2e server's PUBLIC_URL): `token.signature`. */
const SESSION_COOKIE = 'better-auth.session_token';

/** serve.ts: answers the journeys' asks on the control socket, in the server's database `db`. */
export function listenForControl(db: Db): Promise<Server> {
  // On PostgreSQL the server writes nothing to its data directory before its first mail.
  mkdirSync(E2E_DATA_DIR, { recursive: true });
  rmSync(CONTROL_SOCKET, { force: true });
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const answer = (status: number, text: string) => res.writeHead(status).end(text);
      if (req.method !== 'POST' || req.url !== '/age-session') return answer(404, 'no such ask');
      const { token, minutes } = JSON.parse(body) as { token: string; minutes: number };
      const then = sql`now() - make_interval(mins => ${minutes}::int)`;
      db.update(schema.session)
        .set({ createdAt: then, passwordConfirmedAt: then })
        .where(eq(schema.session.token, token))
        .returning({ id: schema.session.id })
        .then(
          (rows) => answer(rows.length === 1 ? 200 : 404, `${rows.length} sessions aged`),
          (error: unknown) => answer(500, String(error)),
        );
    });
  });
  return new Promise((resolve) => server.listen(CONTROL_SOCKET, () => resolve(server)));
}

/**
 * Makes the session `page` is signed in with `minutes` older: signed in, and its password last typed
 * again, that long ago (a fresh session turns stale: core/accounts/fresh-rules.ts). Only this session:
 * other journeys signed in as the same account at the same time keep theirs.
 */
export async function ageSession(page: Page, minutes: number): Promise<void> {
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`ageSession: the page has no ${SESSION_COOKIE} cookie`);
  const token = decodeURIComponent(cookie.value).split('.')[0]!;
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const ask = request({ socketPath: CONTROL_SOCKET, path: '/age-session', method: 'POST' }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    ask.on('error', reject);
    ask.end(JSON.stringify({ token, minutes }));
  });
  if (status !== 200) throw new Error(`ageSession: the e2e server answered ${status}: ${text}`);
}
