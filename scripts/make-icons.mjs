#!/usr/bin/env node
/**
 * Makes the app's icons from the logo (public/favicon.svg): the maskable 192 and 512 px PNGs of the
 * web manifest (the logo inside the 80 % safe zone of a full green square), the 180 px Apple touch
 * icon, and favicon.ico (one 32 px PNG in an ICO container). Run after changing the logo; the
 * outputs are committed under public/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const logo = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const inner = logo.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const THEME = '#2e7d32';

/** The logo centred in a full-bleed square: `scale` of the side (maskable icons keep it within 80 %). */
function squareSvg(scale) {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${THEME}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`;
}

const png = (svg, size) => sharp(Buffer.from(svg), { density: 72 * (size / 64) * 2 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

for (const size of [192, 512]) writeFileSync(join(publicDir, `icon-${size}.png`), await png(squareSvg(0.72), size));
writeFileSync(join(publicDir, 'apple-touch-icon.png'), await png(squareSvg(0.8), 180));

// favicon.ico: the round logo itself, transparent corners, one 32 px PNG image.
const favicon = await png(logo, 32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt8(0, 8); // no palette
header.writeUInt8(0, 9); // reserved
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(favicon.length, 14);
header.writeUInt32LE(22, 18); // image data right after this header
writeFileSync(join(publicDir, 'favicon.ico'), Buffer.concat([header, favicon]));
console.log('Wrote icon-192.png, icon-512.png, apple-touch-icon.png and favicon.ico in public/');
