import type { FastifyReply } from 'fastify';

/** Answers a CSV file to download as `name`. */
export const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(csv);

/** Answers a PDF file to download as `name`. */
export const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(pdf);

/** The 200 schema of a sendReport route: the report's JSON, or the CSV text, or the PDF bytes. */
export { reportOut } from '@dbo/domain/invoice';

/**
 * A report answered as JSON, or with ?format=csv / ?format=pdf as the file `${name}.csv` / `${name}.pdf`.
 * Only the asked form is built.
 */
export async function sendReport<T>(
  reply: FastifyReply,
  format: string | undefined,
  name: string,
  forms: { json: () => T; csv: () => string; pdf: () => Promise<Buffer> },
) {
  if (format === 'csv') return sendCsv(reply, `${name}.csv`, forms.csv());
  if (format === 'pdf') return sendPdf(reply, `${name}.pdf`, await forms.pdf());
  return forms.json();
}
