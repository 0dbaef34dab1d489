import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCompany } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { makeShopCompany } from '../../../test/order-factories.js';

/** A web build as `vite build` leaves it: index.html and the manifest naming the shop's stylesheet. */
function fakeDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-shell-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Distributor Back-office</title>' +
      '<script type="module" src="/assets/index-A1.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-A1.js', isEntry: true },
      'src/features/customer-app/shop-main.tsx': { file: 'assets/shop-main-B2.js', imports: ['_shop-app.js'] },
      '_shop-app.js': { file: 'assets/shop-app-C3.js', css: ['assets/shop-app-D4.css'] },
    }),
  );
  return dir;
}

const dist = fakeDist();
const t = useTestApp({ webDist: dist, appDomain: 'shop.example' });
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe("a shop's page (issue 34: its first screen painted before its code)", () => {
  it("carries the distributor's name, the sign-in form, the company answer and the stylesheet", async () => {
    const company = await makeShopCompany(t.ctx, { name: 'Tom & Jerry <Spirits>' });
    const res = await t.ctx.app.inject({ url: `/shop/${company.subdomain}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<title>Tom &amp; Jerry &lt;Spirits&gt; · Order online</title>');
    expect(html).toContain('<span class="shop-brand">Tom &amp; Jerry &lt;Spirits&gt;</span>');
    expect(html).toContain('<h1>Sign in to order</h1>');
    expect(html).toContain(`<a href="/shop/${company.subdomain}/reset-password">Reset it</a>`);
    expect(html).toContain('<link rel="stylesheet" href="/assets/shop-app-D4.css">');
    // React's root stays, after the first screen
    expect(html).toMatch(/<div id="shop-shell"[\s\S]*<div id="root"><\/div>/);
    const json = /<script type="application\/json" id="shop-company">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? 'null')).toMatchObject({
      subdomain: company.subdomain,
      name: 'Tom & Jerry <Spirits>',
      ordering: true,
    });
  });

  it('allows its one inline script by its hash, no other', async () => {
    const company = await makeShopCompany(t.ctx);
    const res = await t.ctx.app.inject({ url: `/shop/${company.subdomain}/cart` });
    const script = /<script>([^<]*)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(script).toContain('dbo.customerToken');
    const hash = createHash('sha256').update(script).digest('base64');
    const directives = String(res.headers['content-security-policy']).split(';');
    expect(directives.find((d) => d.startsWith('script-src '))).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('answers on the company subdomain too, and shows no sign-in form on the sign-up page', async () => {
    const company = await makeShopCompany(t.ctx, { name: 'Hill Country Wines' });
    const res = await t.ctx.app.inject({
      url: '/signup?token=abc',
      headers: { host: `${company.subdomain}.shop.example` },
    });
    expect(res.body).toContain('<span class="shop-brand">Hill Country Wines</span>');
    expect(res.body).not.toContain('Sign in to order');
  });

  it('is index.html as built for an unknown shop and for the staff app', async () => {
    // a company without a shop address
    const owner = await makeCompany(t.ctx);
    for (const url of ['/shop/nobody-here', '/shop/__shell', '/invoice/12', `/shop/${owner.companyId}`]) {
      const res = await t.ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Distributor Back-office</title>');
      expect(res.body, url).not.toContain('shop-shell');
    }
  });
});
