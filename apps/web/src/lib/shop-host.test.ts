import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectShopHost } from './shop-host';

afterEach(() => vi.unstubAllGlobals());

describe('shop host detection', () => {
  it('never asks the server on localhost or an IP address', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await detectShopHost('localhost')).toBeNull();
    expect(await detectShopHost('127.0.0.1')).toBeNull();
    expect(await detectShopHost('::1')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("answers the company's subdomain when the server knows the host", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ subdomain: 'lonestar' }), {
            status: 200,
            headers: { 'content-type': 'application/json; charset=utf-8' },
          }),
      ),
    );
    expect(await detectShopHost('lonestar.example.com')).toBe('lonestar');
  });

  it('is the staff app when the server knows no company there, or cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    expect(await detectShopHost('app.example.com')).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    expect(await detectShopHost('app.example.com')).toBeNull();
  });
});
