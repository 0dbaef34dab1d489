import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers.js';

/** A built web dist as `vite build` leaves it: hashed assets with .br and .gz copies. */
function fakeDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), js);
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js.gz'), zlib.gzipSync(js));
  const sw = `self.addEventListener('fetch', () => undefined); // ${'x'.repeat(2000)}\n`;
  fs.mkdirSync(path.join(dir, 'driver'));
  fs.writeFileSync(path.join(dir, 'driver', 'sw.js'), sw);
  fs.writeFileSync(path.join(dir, 'driver', 'sw.js.br'), zlib.brotliCompressSync(sw));
  fs.writeFileSync(path.join(dir, 'driver', 'sw.js.gz'), zlib.gzipSync(sw));
  return { dir, js };
}

describe('the built web app', () => {
  let t: TestContext;
  const dist = fakeDist();
  beforeAll(async () => {
    t = await createTestApp({ webDist: dist.dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist.dir, { recursive: true, force: true });
  });

  it('serves hashed assets precompressed and cached for a year', async () => {
    const br = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(dist.js);

    const gz = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(dist.js);

    const plain = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(dist.js);
  });

  it("lets the driver's worker answer /driver, however its file is sent", async () => {
    for (const encoding of ['br, gzip', 'gzip', 'identity']) {
      const res = await t.app.inject({ url: '/driver/sw.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['service-worker-allowed'], encoding).toBe('/driver');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // no other file widens a worker's scope
    const asset = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['service-worker-allowed']).toBeUndefined();
  });

  it('answers index.html for client routes with no-cache', async () => {
    for (const url of ['/', '/invoice/12']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it("answers 404 for a build file that is not there (an old tab's chunk after a deploy), not the app's page", async () => {
    for (const url of ['/assets/index-Old999.js', '/assets/invoice-list-page-Old999.css']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/text\/html/);
    }
  });
});

describe('request logging', () => {
  it('writes one info line per request, the detail only at debug', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logStream = { write: (l: string) => void lines.push(JSON.parse(l)) };
    for (const logLevel of ['info', 'debug'] as const) {
      lines.length = 0;
      const t = await createTestApp({ logLevel }, { logStream });
      try {
        await t.app.inject({ url: '/api/v1/health' });
        const mine = lines.filter((l) => l.msg?.includes('/api/v1/health') || l.msg === 'request completed');
        if (logLevel === 'info') {
          expect(mine.map((l) => l.msg)).toEqual([expect.stringMatching(/^GET \/api\/v1\/health 200 \d+ms$/)]);
          expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
        } else {
          expect(mine.map((l) => l.msg)).toEqual([
            expect.stringMatching(/^GET \/api\/v1\/health 200/),
            'request completed',
          ]);
        }
      } finally {
        await t.close();
      }
    }
  });
});
