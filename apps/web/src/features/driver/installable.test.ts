import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRIVER_CACHE } from './queue';

const publicDir = path.resolve(__dirname, '../../../public');
const read = (file: string) => fs.readFileSync(path.join(publicDir, file), 'utf8');

describe("the driver's installable screen", () => {
  const manifest = JSON.parse(read('driver/manifest.webmanifest')) as {
    start_url: string;
    scope: string;
    icons: { src: string; sizes: string; type: string }[];
  };

  it('starts inside its scope, the one its worker is registered with (/driver)', () => {
    expect(manifest.scope).toBe('/driver');
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
  });

  it('has PNG icons of 192 and 512 pixels that exist', () => {
    const sizes = manifest.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect(fs.existsSync(path.join(publicDir, icon.src)), icon.src).toBe(true);
  });

  it("keeps the screen's files in the cache its worker reads and does not clear", () => {
    expect(read('driver/sw.js')).toContain(`const CACHE = '${DRIVER_CACHE}';`);
  });
});
