import bwipjs from 'bwip-js/node';
import { barcodeFromLine } from '../../domain/slips.js';
import { boundedMemo } from '../../lib/bounded-memo.js';

const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/**
 * A slip's images never change: each is drawn once and kept for the slips opened again (drawing
 * a QR code is the costliest step of the generated slip's screen).
 */
const drawnBarcodes = boundedMemo<string, string>(512);
const drawnQrCodes = boundedMemo<string, string>(512);

/** The slip's ITF (interleaved 2 of 5) barcode, drawn from its typeable line, as an SVG data URL. */
export function barcodeImage(line: string): string {
  return drawnBarcodes(line, () => svgDataUrl(bwipjs.toSVG({ bcid: 'interleaved2of5', text: barcodeFromLine(line), height: 13, scale: 2, includetext: false })));
}

/** The side of the Pix QR code on screen, in CSS pixels (a phone's camera reads it from a monitor). */
export const PIX_QR_SIZE = 232;

/**
 * The QR code of a Pix copy-and-paste code, as an SVG data URL: error correction M (BWIPP's default), black modules
 * on white with the 4-module quiet zone (bwip-js draws a module 2 points wide, hence padding 8), so
 * that it reads on any partner's background; drawn PIX_QR_SIZE pixels square with crisp edges.
 */
export function pixQrImage(code: string): string {
  return drawnQrCodes(code, () => {
    const svg = bwipjs.toSVG({ bcid: 'qrcode', text: code, scale: 1, paddingwidth: 8, paddingheight: 8, backgroundcolor: 'FFFFFF' });
    return svgDataUrl(svg.replace('<svg ', `<svg width="${PIX_QR_SIZE}" height="${PIX_QR_SIZE}" shape-rendering="crispEdges" `));
  });
}
