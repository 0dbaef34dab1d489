import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.js';

/**
 * What an API client sees, kept byte for byte (issue 31: moving the routes' schemas into the
 * endpoint catalogue changed none of it). The OpenAPI document (2.4 MB) is kept as one digest of
 * the whole and one of each operation, so a change names the operations it touched; set
 * API_SURFACE_DUMP=<file> to write the document itself for a diff. A deliberate change to the API
 * updates the files with `npx vitest run test/api-surface.test.ts -u`, and shows in the commit.
 */
// without the built web app (CI builds it before the suites): its files are routes too, named by
// their content hashes, and no API client sees them
const t = useTestApp({ webDist: path.join(os.tmpdir(), 'dbo-api-surface-no-web') });
const digest = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex').slice(0, 16);

describe('the API surface', () => {
  it('the OpenAPI document', async () => {
    const doc = t.ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> } & Record<string, unknown>;
    if (process.env.API_SURFACE_DUMP) writeFileSync(process.env.API_SURFACE_DUMP, JSON.stringify(doc, null, 2));
    const lines = [`document ${digest(doc)}`];
    for (const [key, value] of Object.entries(doc)) if (key !== 'paths') lines.push(`${key} ${digest(value)}`);
    for (const [p, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) lines.push(`${method.toUpperCase()} ${p} ${digest(op)}`);
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./api-surface/openapi.txt');
  });

  it('the route table', async () => {
    await expect(t.ctx.app.printRoutes({ commonPrefix: false })).toMatchFileSnapshot('./api-surface/routes.txt');
  });
});
