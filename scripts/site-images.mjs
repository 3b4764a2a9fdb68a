/**
 * Renders the studio's raster images from demo/public/favicon.svg with sharp: the PNG favicon for
 * browsers without SVG icons, the Apple touch icon, the organisation logo of the structured data and
 * the 1200x630 social card. The outputs are committed (demo/public); run this again after changing
 * the icon: node scripts/site-images.mjs
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../demo/public/', import.meta.url));
const icon = readFileSync(`${publicDir}favicon.svg`);

const square = (size, name) =>
  sharp(icon, { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${publicDir}${name}`);

const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#f8fafc"/>
  <rect x="0" y="0" width="1200" height="12" fill="#1d4ed8"/>
  <text x="96" y="390" font-family="DejaVu Sans, sans-serif" font-size="96" font-weight="700" fill="#0f172a">docstudio</text>
  <text x="96" y="460" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#334155">PDF and document tools on your own server</text>
  <text x="96" y="530" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#475569">Convert · Compress · Protect · Merge · OCR · Redact</text>
</svg>`;

await Promise.all([
  square(32, 'favicon.png'),
  square(180, 'apple-touch-icon.png'),
  square(512, 'logo.png'),
  sharp(Buffer.from(card))
    .composite([
      { input: await sharp(icon, { density: 720 }).resize(160, 160).png().toBuffer(), left: 96, top: 112 },
    ])
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${publicDir}social-card.png`),
]);
