import { badRequest, HttpError } from './errors.js';
import type { FastifyRequest } from './http.js';

export interface UploadRules {
  /** the multipart field that carries the file; a file in any other field is read and dropped */
  fileField: string;
  limits: { fileSize: number; files: number; fields?: number };
  /** the 400 messages: the file is over limits.fileSize / there is no file (or no multipart body) */
  messages: { tooLarge: string; missing: string };
}

/**
 * A multipart upload of one file and text fields, in any order. Every way it can go wrong is a 400
 * with the feature's own message: a body that is not multipart or breaks off reads as no file.
 */
export async function readUpload(req: FastifyRequest, rules: UploadRules) {
  const { fileField, limits, messages } = rules;
  if (!req.isMultipart()) throw badRequest(messages.missing);
  let file: { filename: string; buffer: Buffer } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === fileField) file = { filename: part.filename, buffer };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(messages.tooLarge);
    if (err instanceof HttpError) throw err;
    throw badRequest(messages.missing);
  }
  if (!file) throw badRequest(messages.missing);
  return { file, fields };
}
