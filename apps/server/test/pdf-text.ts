import { extractText } from 'unpdf';

/**
 * The text of a PDF (an answer's bytes, an attachment) with every run of white space made one
 * space, so a test can look for a phrase wherever the layout breaks its lines.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return (text as string).replace(/\s+/g, ' ');
}
