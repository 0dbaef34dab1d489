import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CUSTOMER_EVENTS, LIVE_EVENTS, SHOP_EVENTS } from '@dbo/domain/live-events';
import { describe, expect, it } from 'vitest';

/**
 * Every event of the typed map has a listener on the web (an event nobody hears is removed from the
 * map, or given one): read from the sources, so a new event without a `useLiveEvent` fails here.
 */
const SRC = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The event names each area listens to: `useLiveEvent('name', ...)`. */
function listened(filter: (rel: string) => boolean): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const rel = path.relative(SRC, file);
    if (!filter(rel)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/useLiveEvent\(\s*'([^']+)'/g)) names.add(m[1]);
  }
  return names;
}

const shop = (rel: string) => rel.startsWith(path.join('features', 'customer-app'));

describe('live event listeners', () => {
  it('the staff app listens to every event of the map', () => {
    const heard = listened((rel) => !shop(rel));
    const missing = Object.keys(LIVE_EVENTS).filter((name) => !heard.has(name));
    expect(missing, 'events without a staff listener').toEqual([]);
  });

  it('the shop listens to every event its sockets receive, and to no other', () => {
    const heard = listened(shop);
    expect([...heard].sort()).toEqual([...CUSTOMER_EVENTS, ...SHOP_EVENTS].sort());
  });

  it('listens only to events of the map', () => {
    const unknown = [...listened(() => true)].filter((name) => !(name in LIVE_EVENTS));
    expect(unknown).toEqual([]);
  });
});
