/**
 * The server as its own process, for the benchmarks that measure it from outside (start time,
 * memory, the browser): `apps/server/dist/main.js` when built (what `npm start` runs), else
 * `src/main.ts` through tsx; on a throw-away DATA_DIR (PGlite), without the demo data.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVER_ROOT } from '../apps/server/src/config.js';

/** Starts the server; `ready` answers the milliseconds until it listened. */
export function startServer(dataDir: string, port: number): { child: ChildProcess; ready: Promise<number> } {
  const dist = path.join(SERVER_ROOT, 'dist/main.js');
  const args = fs.existsSync(dist) ? [dist] : ['--conditions=source', '--import', 'tsx', 'src/main.ts'];
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('listening on')) resolve(performance.now() - t0);
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  return { child, ready };
}

/** Stops it (SIGTERM: the graceful shutdown) and waits for the exit. */
export const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode != null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Signs a company's owner up through the API of the server at `origin`: its token and company. */
export async function signUpOwner(origin: string): Promise<{ access_token: string; user: { company_id: number } }> {
  const res = await fetch(`${origin}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Owner',
      title: 'Owner',
      email: 'bench@example.com',
      password: 'bench-pass',
      confirm_password: 'bench-pass',
    }),
  });
  if (!res.ok) throw new Error(`signup: ${res.status} ${await res.text()}`);
  return (await res.json()) as { access_token: string; user: { company_id: number } };
}

/** Debian's Chromium for the benchmarks that drive it: CHROMIUM_PATH, else its headless shell, else chromium. */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = '/usr/bin/chromium-headless-shell';
  return fs.existsSync(shell) ? shell : '/usr/bin/chromium';
}
