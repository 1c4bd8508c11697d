import bwipjs from 'bwip-js/node';
import { barcodeFromLine } from '../../domain/slips.js';

/** The slip's ITF (interleaved 2 of 5) barcode, drawn from its typeable line, as an SVG data URL. */
export function barcodeImage(line: string): string {
  const svg = bwipjs.toSVG({ bcid: 'interleaved2of5', text: barcodeFromLine(line), height: 13, scale: 2, includetext: false });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
