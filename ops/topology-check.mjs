#!/usr/bin/env node
// The manual check of the production topology (not in CI: its time budget). Run after
// `ops/topology.sh start`; everything goes through the nginx proxy, the database is read directly:
//
//   1. live order event across processes: a staff socket (through the proxy) on process X; a customer
//      places an order that nginx hands to the OTHER process; order:placed must arrive (Redis adapter);
//   2. SAVES invoice saves racing (CONCURRENCY at a time); after KILL_AFTER answers, the process
//      holding the staff socket is killed with SIGKILL;
//   3. then: every save answered 2xx is in the database with its number, numbers unique and gapless,
//      the other process keeps serving (saves, readiness), the staff socket reconnects to it and
//      receives the next order placed.
// Prints the figures and writes them to TOPO_DIR/check-result.json; exits 1 on a lost write, a
// duplicate or gap, or a missing event.
//
//   node ops/topology-check.mjs          (TOPO_DIR=/tmp/dbo-topology SAVES=200 CONCURRENCY=16 KILL_AFTER=60)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';

const TOPO_DIR = process.env.TOPO_DIR ?? '/tmp/dbo-topology';
const SAVES = Number(process.env.SAVES ?? 200);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const KILL_AFTER = Number(process.env.KILL_AFTER ?? 60);
const SHOP = { subdomain: 'lonestar', email: 'buyer@broken-spoke.example' }; // the demo shop user

const topo = JSON.parse(readFileSync(path.join(TOPO_DIR, 'topology.json'), 'utf8'));
const env = Object.fromEntries(
  readFileSync(path.join(TOPO_DIR, 'servers.env'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('='))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);
const demoText = readFileSync(topo.demoLoginFile, 'utf8');
const demo = { email: /^email: (.+)$/m.exec(demoText)?.[1], password: /^password: (.+)$/m.exec(demoText)?.[1] };
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

/** An API call through the proxy; answers status, body and which process served it (nginx's X-Upstream). */
async function api(method, url, { token, body } = {}) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${topo.proxy}/api/v1${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    // with a dead process nginx may try it first: "dead:port, live:port"; the last one answered
    const upstream = (res.headers.get('x-upstream') ?? '').split(',').pop().trim();
    return { status: res.status, body: json, upstream, t0, t1: performance.now() };
  } catch (err) {
    return { status: 0, body: String(err), upstream: '', t0, t1: performance.now() };
  }
}

const hostOf = (url) => new URL(url).host;

/** socket_connections of each process, read from its own /metrics (metrics are per process). */
async function socketsPerProcess() {
  const out = {};
  for (const app of topo.apps) {
    try {
      const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } });
      const m = /^socket_connections (\d+)/m.exec(await res.text());
      out[hostOf(app.url)] = Number(m?.[1] ?? 0);
    } catch {
      out[hostOf(app.url)] = -1; // down
    }
  }
  return out;
}

/**
 * Every order:placed the socket hears, with when (the event can arrive before the HTTP answer, so
 * the socket listens all along). Answers the ms from `since` to the event for this order, or undefined.
 */
function eventLog(socket) {
  const seen = [];
  socket.on('order:placed', (p) => seen.push({ id: p?.id, at: performance.now() }));
  return async (orderId, since, ms) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      const hit = seen.find((e) => e.id === orderId);
      if (hit) return Math.max(0, hit.at - since);
      await new Promise((r) => setTimeout(r, 50));
    }
    return undefined;
  };
}

/** Places an order through the proxy so that it is served by a process other than `avoid`. */
async function placeOrderAvoiding(shopToken, productId, avoid) {
  for (let attempt = 0; attempt < 6; attempt++) {
    // nginx alternates between the live processes: after a GET answered by `avoid`, the next goes elsewhere
    for (let i = 0; i < 4 && avoid; i++) if ((await api('GET', '/health')).upstream === avoid) break;
    const res = await api('POST', '/customer-app/order', {
      token: shopToken,
      body: { items: [{ product_id: productId, qty: 1 }] },
    });
    if (res.status !== 200) throw new Error(`order failed: ${res.status} ${JSON.stringify(res.body)}`);
    if (!avoid || res.upstream !== avoid) return res;
  }
  throw new Error(`every order went to ${avoid}`);
}

/** Both processes answer /ready directly (a restarted one may still be starting). */
async function bothReady() {
  const until = performance.now() + 90_000;
  for (const app of topo.apps) {
    for (;;) {
      const status = await fetch(`${app.url}/api/v1/ready`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (performance.now() > until) throw new Error(`${app.url} is not ready: ops/topology.sh status`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

async function main() {
  await bothReady();
  const db = new pg.Client({ connectionString: topo.databaseUrl });
  await db.connect();
  const signIn = await api('POST', '/auth/signin', { body: demo });
  if (signIn.status !== 200) throw new Error(`demo sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  const token = signIn.body.access_token;
  const companyId = signIn.body.user.company_id;
  const shop = await api('POST', '/customer-app/signin', { body: { ...SHOP, password: demo.password } });
  if (shop.status !== 200) throw new Error(`shop sign-in failed: ${shop.status} ${JSON.stringify(shop.body)}`);
  const one = async (q) => (await db.query(q, [companyId])).rows[0];
  // nginx's $request_id (32 hex) reaches the server, which answers (and logs) with it
  const probe = await fetch(`${topo.proxy}/api/v1/health`);
  check(
    /^[0-9a-f]{32}$/.test(probe.headers.get('x-request-id') ?? ''),
    "the server's request id is nginx's $request_id",
  );
  const customer = await one('SELECT id FROM customers WHERE company_id = $1 ORDER BY id LIMIT 1');
  const product = await one(
    "SELECT id FROM products WHERE company_id = $1 AND product_type = 'WINE' ORDER BY id LIMIT 1",
  );

  // 1. the live order event, placed on the other process than the staff socket's
  console.log(`\n1. order:placed across processes, through ${topo.proxy}`);
  const socket = io(topo.proxy, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnectionDelay: 200,
  });
  const heard = eventLog(socket);
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  let sockets = await socketsPerProcess();
  const socketHost = Object.entries(sockets).find(([, n]) => n > 0)?.[0];
  check(!!socketHost, `the staff socket is open on one process (socket_connections: ${JSON.stringify(sockets)})`);
  const placed1 = await placeOrderAvoiding(shop.body.access_token, product.id, socketHost);
  const ms1 = await heard(placed1.body.id, placed1.t0, 10_000);
  check(
    ms1 !== undefined && placed1.upstream !== socketHost,
    `order #${placed1.body.order_number} placed on ${placed1.upstream}, event received by the socket on ${socketHost}`,
  );

  // 2. racing saves, one process killed mid-run
  const victim = topo.apps.find((a) => hostOf(a.url) === socketHost) ?? topo.apps[0];
  const survivor = topo.apps.find((a) => a !== victim);
  const victimPid = Number(readFileSync(victim.pidFile, 'utf8').trim());
  const before = await one('SELECT last_invoice_number AS n FROM companies WHERE id = $1');
  const runId = Date.now().toString(36);
  console.log(
    `\n2. ${SAVES} racing invoice saves (${CONCURRENCY} at a time); SIGKILL to ${hostOf(victim.url)} (pid ${victimPid}) after ${KILL_AFTER} answers`,
  );
  const results = [];
  let next = 0;
  let answered = 0;
  let killAt;
  const started = performance.now();
  const worker = async () => {
    while (next < SAVES) {
      const i = next++;
      const res = await api('POST', '/invoice', {
        token,
        body: {
          customer: { id: customer.id },
          items: [{ product_id: product.id, qty: 1 + (i % 5), price: '12.50', taxable: true, on_deal: false }],
          stamps: [],
          note: `topology-check ${runId} #${i}`,
          force: true,
        },
      });
      results.push({ i, ...res });
      answered++;
      if (answered === KILL_AFTER && killAt === undefined) {
        killAt = performance.now();
        process.kill(victimPid, 'SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = performance.now() - started;

  const ok = results.filter((r) => r.status >= 200 && r.status < 300);
  const errors = results.filter((r) => !(r.status >= 200 && r.status < 300));
  const rows = (
    await db.query('SELECT id, number, note FROM invoices WHERE company_id = $1 AND note LIKE $2 ORDER BY number', [
      companyId,
      `topology-check ${runId} #%`,
    ])
  ).rows;
  const byNote = new Map(rows.map((r) => [r.note, r]));
  const lost = ok.filter((r) => {
    const row = byNote.get(`topology-check ${runId} #${r.i}`);
    return !row || row.id !== r.body.id || row.number !== r.body.number;
  });
  const answeredErrorButSaved = errors.filter((r) => byNote.has(`topology-check ${runId} #${r.i}`));
  const after = await one('SELECT last_invoice_number AS n FROM companies WHERE id = $1');
  const numbers = rows.map((r) => r.number);
  const unique = new Set(numbers).size === numbers.length;
  const gapless = numbers.every((n, k) => n === before.n + 1 + k) && after.n === before.n + numbers.length;
  const afterKill = results.filter((r) => r.t0 >= killAt);
  const firstOkAfterKill = afterKill.filter((r) => r.status >= 200 && r.status < 300).sort((a, b) => a.t1 - b.t1)[0];
  const recoverMs = firstOkAfterKill ? firstOkAfterKill.t1 - killAt : undefined;
  const inFlightAtKill = results.filter((r) => r.t0 < killAt && r.t1 > killAt);
  check(lost.length === 0, `no lost write: ${ok.length} saves answered 2xx, all in the database with their number`);
  check(unique, `invoice numbers unique (${numbers.length} rows)`);
  check(gapless, `invoice numbers gapless: ${before.n + 1}..${after.n}, the company's counter at ${after.n}`);

  // 3. the other process keeps serving
  console.log(`\n3. after the kill, through the proxy`);
  const ready = [];
  for (let k = 0; k < 10; k++) ready.push(await api('GET', '/ready'));
  check(
    ready.every((r) => r.status === 200 && r.upstream === hostOf(survivor.url)),
    `10 readiness checks answered 200 by ${hostOf(survivor.url)}`,
  );
  const reconnected = await new Promise((resolve) => {
    if (socket.connected) return resolve(true);
    const timer = setTimeout(() => resolve(false), 15_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  sockets = await socketsPerProcess();
  check(
    reconnected && sockets[hostOf(survivor.url)] > 0,
    `the staff socket reconnected to ${hostOf(survivor.url)} (${JSON.stringify(sockets)})`,
  );
  const placed2 = await placeOrderAvoiding(shop.body.access_token, product.id);
  const ms2 = await heard(placed2.body.id, placed2.t0, 10_000);
  check(ms2 !== undefined, `order #${placed2.body.order_number} placed after the kill, event received`);
  socket.close();
  await db.end();

  const figures = {
    saves: SAVES,
    concurrency: CONCURRENCY,
    answered_2xx: ok.length,
    errors: errors.length,
    error_statuses: Object.fromEntries(
      [...new Set(errors.map((r) => r.status))].map((s) => [s, errors.filter((r) => r.status === s).length]),
    ),
    in_flight_at_kill: inFlightAtKill.length,
    answered_error_but_saved: answeredErrorButSaved.length,
    lost_writes: lost.length,
    rows_in_db: rows.length,
    numbers_unique: unique,
    numbers_gapless: gapless,
    time_to_recover_ms: recoverMs === undefined ? null : Math.round(recoverMs),
    saves_per_second: Number(((results.length / elapsed) * 1000).toFixed(1)),
    run_seconds: Number((elapsed / 1000).toFixed(1)),
    order_event_cross_process_ms_from_post: ms1 === undefined ? null : Math.round(ms1),
    order_event_after_kill_ms_from_post: ms2 === undefined ? null : Math.round(ms2),
  };
  console.log('\nFigures:');
  for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(30)} ${JSON.stringify(v)}`);
  writeFileSync(path.join(TOPO_DIR, 'check-result.json'), `${JSON.stringify({ figures, failures }, null, 2)}\n`);
  console.log(
    failures.length
      ? `\n${failures.length} check(s) failed.`
      : `\nAll checks passed. Restart the killed process with: ops/topology.sh start-app ${topo.apps.indexOf(victim) + 1}`,
  );
  process.exit(failures.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
