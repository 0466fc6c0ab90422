/**
 * `node scripts/make-app-icons.ts`: draws the installed app's icons from src/web/public/favicon.svg
 * into src/web/public/icons (committed; run again when the favicon changes). Sizes are those
 * platforms ask a web app manifest for: 192 and 512 px, a maskable 512 px whose drawing keeps
 * inside the 80 % safe circle Android may cut to, and Apple's 180 px touch icon, which iOS shows
 * without transparency.
 */
import path from 'node:path';
import sharp from 'sharp';

const source = path.resolve('src/web/public/favicon.svg');
const outDir = path.resolve('src/web/public/icons');
const brand = '#166534';

async function plain(size: number, file: string) {
  await sharp(source, { density: 72 * (size / 64) }).resize(size, size).png().toFile(path.join(outDir, file));
}

/** The favicon's circle drawn at `scale` of the side, on a full square of the brand colour. */
async function onSquare(size: number, scale: number, file: string) {
  const inner = Math.round(size * scale);
  const drawing = await sharp(source, { density: 72 * (inner / 64) }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: brand } })
    .composite([{ input: drawing, gravity: 'centre' }])
    .png()
    .toFile(path.join(outDir, file));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await onSquare(512, 0.8, 'maskable-512.png');
await onSquare(180, 0.9, 'apple-touch-180.png');
console.log(`Icons written to ${path.relative(process.cwd(), outDir)}`);
