/** Uploading import files as the browser does (multipart) and waiting for the job to finish. */
import { expect } from 'vitest';
import type { SignedUp, TestContext } from './helpers.js';
import { type FormPart, postForm } from './multipart.js';

export async function upload(
  ctx: TestContext,
  who: SignedUp,
  url: string,
  file: string | Buffer,
  fields: Record<string, unknown> = {},
  filename = 'data.csv',
) {
  const parts: FormPart[] = [{ name: 'file', value: file, filename }];
  for (const [k, v] of Object.entries(fields))
    parts.push({ name: k, value: typeof v === 'string' ? v : JSON.stringify(v) });
  return postForm(ctx, who, url, parts);
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
