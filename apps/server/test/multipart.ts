/** Posting a form with files (logos, documents, import files) as the browser does: multipart/form-data. */
import type { TestContext } from './helpers.js';

/** One field of the form; a file when it has a filename (sent as `type`, by default application/octet-stream). */
export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

function multipart(parts: FormPart[]) {
  const boundary = '----dbo-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`
      : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs the form to `url` (under /api/v1) with `who`'s token; answers the status and the JSON body. */
export async function postForm(ctx: TestContext, who: { token: string }, url: string, parts: FormPart[]) {
  const { payload, contentType } = multipart(parts);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}
