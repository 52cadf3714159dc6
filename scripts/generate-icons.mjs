// Renders the PWA icons (public/icons/*.png) from public/icons/icon.svg. Run after changing the
// SVG: `node scripts/generate-icons.mjs`; the PNGs are committed so builds need no image tooling.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

const dir = new URL('../public/icons/', import.meta.url);
const svg = await readFile(new URL('icon.svg', dir));

// The rounded icon for "any" purpose and for iOS's home screen.
for (const [name, size] of [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['apple-touch-icon.png', 180],
]) {
  await sharp(svg, { density: 300 }).resize(size, size).png().toFile(new URL(name, dir).pathname);
}

// Maskable: full-bleed square (the launcher applies its own mask), artwork shrunk into the central
// safe zone it may crop to.
const maskable = svg.toString().replace('rx="112"', 'rx="0"').replace('translate(256 256)', 'translate(256 256) scale(0.78)');
await sharp(Buffer.from(maskable), { density: 300 }).resize(512, 512).png().toFile(new URL('icon-maskable-512.png', dir).pathname);
console.log('icons written to public/icons/');
