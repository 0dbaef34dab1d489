/** The bytes a PDFKit document writes: the promise settles once `doc.end()` has been called. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** "Page n of N", right-aligned at (x, y) across `width`, on every page of a `bufferPages` document. */
export function numberPages(doc: PDFKit.PDFDocument, x: number, y: number, width: number) {
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8)
      .font('Helvetica')
      .text(`Page ${p + 1} of ${range.count}`, x, y, { width, align: 'right', lineBreak: false });
  }
}
