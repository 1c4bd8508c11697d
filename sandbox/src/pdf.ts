import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

export interface PdfContent {
  title: string;
  /** Label → value lines, already formatted. */
  rows: Array<[string, string]>;
  /** Paragraphs after the rows. */
  notes?: string[];
  /** A 44-digit slip barcode, drawn as ITF (interleaved 2 of 5). */
  barcode?: string;
}

/** A real PDF (pdfkit) for the sandbox's documents and slips. */
export async function renderPdf(content: PdfContent): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: content.title, Author: 'Sandbox do consórcio' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(18).text(content.title).moveDown();
  doc.fontSize(11);
  for (const [label, value] of content.rows) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  for (const note of content.notes ?? []) doc.moveDown().text(note);
  if (content.barcode) {
    const png = await bwipjs.toBuffer({ bcid: 'interleaved2of5', text: content.barcode, scale: 2, height: 13, includetext: false });
    doc.moveDown().image(png, { width: 400 });
  }
  doc.end();
  return done;
}
