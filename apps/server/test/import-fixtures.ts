/** Uploading import files as the browser does (multipart) and waiting for the job to finish. */
import { expect } from 'vitest';
import type { SignedUp, TestContext } from './helpers.js';

type Field = { name: string; value: string | Buffer; filename?: string };

function multipart(parts: Field[]) {
  const boundary = '----dbo-import-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = p.filename
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  ctx: TestContext,
  who: SignedUp,
  url: string,
  file: string | Buffer,
  fields: Record<string, unknown> = {},
  filename = 'data.csv',
) {
  const parts: Field[] = [{ name: 'file', value: file, filename }];
  for (const [k, v] of Object.entries(fields))
    parts.push({ name: k, value: typeof v === 'string' ? v : JSON.stringify(v) });
  const { payload, contentType } = multipart(parts);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

export async function finished(who: SignedUp, jobId: number) {
  for (let i = 0; i < 400; i++) {
    const res = await who.api.get(`/import/job/${jobId}`);
    expect(res.status).toBe(200);
    if (res.body.status !== 'running') return res.body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}

export async function runImport(
  ctx: TestContext,
  who: SignedUp,
  kind: string,
  file: string | Buffer,
  fields: Record<string, unknown> = {},
) {
  const res = await upload(ctx, who, `/import/${kind}`, file, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return finished(who, res.body.jobId);
}
