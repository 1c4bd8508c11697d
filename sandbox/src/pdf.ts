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
  /** A slip's Pix copy-and-paste code (BR Code): drawn as a QR code, with the code written under it. */
  pix?: string;
}

/** The QR code of a Pix copy-and-paste code as a PNG: error correction M (BWIPP's default), black on white, with the 4-module quiet zone (bwip-js draws a QR module 2 points wide). */
export function pixQrPng(code: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'qrcode', text: code, scale: 4, paddingwidth: 8, paddingheight: 8, backgroundcolor: 'FFFFFF' });
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
  if (content.pix) {
    const qr = await pixQrPng(content.pix);
    doc.moveDown().font('Helvetica-Bold').text('Pague com Pix');
    doc.font('Helvetica').text('Leia o QR Code no aplicativo do seu banco ou use o código Pix copia e cola.');
    doc.moveDown(0.5).image(qr, { width: 160 });
    doc.moveDown(0.5).font('Courier').fontSize(8).text(content.pix).font('Helvetica').fontSize(11);
  }
  doc.end();
  return done;
}
