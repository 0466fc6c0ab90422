/**
 * Makes the storefront's static pictures and the /items video banner from the same 3D food
 * pictures as the demo menu (@lobehub/fluent-emoji-3d, MIT). Run by hand when the art changes:
 * `node scripts/storefront-media.ts` (needs ffmpeg). The results are committed under
 * src/web/public/, so the shop itself never needs ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const emojiDir = path.join(path.dirname(require.resolve('@lobehub/fluent-emoji-3d/package.json')), 'assets');
const publicDir = path.resolve('src/web/public');

interface Dish {
  emoji: string;
  /** Centre, as fractions of the picture's width and height. */
  x: number;
  y: number;
  /** Side, as a fraction of the picture's height. */
  size: number;
}

interface Scene {
  name: string;
  colours: [string, string, string];
  dishes: Dish[];
}

/** Three tables of dishes: the hero's slides, and the scenes of the video banner. */
const SCENES: Scene[] = [
  {
    name: 'garden',
    colours: ['#ecfccb', '#86efac', '#166534'],
    dishes: [
      { emoji: '1f96c', x: 0.16, y: 0.34, size: 0.36 },
      { emoji: '1f951', x: 0.8, y: 0.3, size: 0.34 },
      { emoji: '1f345', x: 0.28, y: 0.74, size: 0.3 },
      { emoji: '1f957', x: 0.52, y: 0.52, size: 0.62 },
      { emoji: '1f955', x: 0.84, y: 0.74, size: 0.3 },
    ],
  },
  {
    name: 'fruit',
    colours: ['#fef9c3', '#fdba74', '#c2410c'],
    dishes: [
      { emoji: '1f34d', x: 0.17, y: 0.38, size: 0.42 },
      { emoji: '1f353', x: 0.82, y: 0.3, size: 0.3 },
      { emoji: '1f349', x: 0.24, y: 0.78, size: 0.3 },
      { emoji: '1f96d', x: 0.5, y: 0.5, size: 0.56 },
      { emoji: '1f95d', x: 0.8, y: 0.74, size: 0.32 },
    ],
  },
  {
    name: 'juice',
    colours: ['#cffafe', '#67e8f9', '#0e7490'],
    dishes: [
      { emoji: '1f34a', x: 0.16, y: 0.74, size: 0.3 },
      { emoji: '1f964', x: 0.22, y: 0.36, size: 0.4 },
      { emoji: '1f9c3', x: 0.52, y: 0.5, size: 0.6 },
      { emoji: '1f379', x: 0.82, y: 0.36, size: 0.4 },
      { emoji: '1f34b', x: 0.84, y: 0.78, size: 0.26 },
    ],
  },
  {
    name: 'dessert',
    colours: ['#fce7f3', '#f9a8d4', '#9d174d'],
    dishes: [
      { emoji: '1f353', x: 0.15, y: 0.72, size: 0.28 },
      { emoji: '1f967', x: 0.2, y: 0.34, size: 0.4 },
      { emoji: '1f370', x: 0.5, y: 0.5, size: 0.58 },
      { emoji: '1f36f', x: 0.82, y: 0.34, size: 0.38 },
      { emoji: '1fad0', x: 0.84, y: 0.76, size: 0.28 },
    ],
  },
];

async function composeScene(scene: Scene, width: number, height: number): Promise<Buffer> {
  const [light, middle, dark] = scene.colours;
  // A soft lit table with a few leaf shapes: reads as a place, not as a flat swatch.
  const leaves = [0.1, 0.35, 0.62, 0.9]
    .map((fx, i) => {
      const cx = fx * width;
      const cy = (i % 2 ? 0.08 : 0.95) * height;
      return `<ellipse cx="${cx}" cy="${cy}" rx="${height * 0.22}" ry="${height * 0.07}" transform="rotate(${i % 2 ? 25 : -30} ${cx} ${cy})" fill="#14532d" fill-opacity="0.18"/>`;
    })
    .join('');
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs>
        <radialGradient id="g" cx="50%" cy="45%" r="80%">
          <stop offset="0%" stop-color="${light}"/>
          <stop offset="55%" stop-color="${middle}"/>
          <stop offset="100%" stop-color="${dark}"/>
        </radialGradient>
      </defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      ${leaves}
      ${scene.dishes
        .map(
          (d) =>
            `<ellipse cx="${d.x * width}" cy="${d.y * height + d.size * height * 0.42}" rx="${d.size * height * 0.38}" ry="${d.size * height * 0.07}" fill="#000" fill-opacity="0.2"/>`,
        )
        .join('')}
    </svg>`,
  );
  const layers = await Promise.all(
    scene.dishes.map(async (d) => {
      const side = Math.round(d.size * height);
      const input = await sharp(fs.readFileSync(path.join(emojiDir, `${d.emoji}.webp`)))
        .resize(side, side, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .toBuffer();
      return {
        input,
        left: Math.round(Math.min(Math.max(d.x * width - side / 2, 0), width - side)),
        top: Math.round(Math.min(Math.max(d.y * height - side / 2, 0), height - side)),
      };
    }),
  );
  return sharp(background).composite(layers).png().toBuffer();
}

async function makeHero(): Promise<void> {
  const dir = path.join(publicDir, 'hero');
  fs.mkdirSync(dir, { recursive: true });
  for (const scene of SCENES.slice(0, 3)) {
    const big = await composeScene(scene, 1200, 800);
    for (const width of [600, 1200]) {
      await sharp(big)
        .resize(width)
        .webp({ quality: width > 600 ? 62 : 70 })
        .toFile(path.join(dir, `${scene.name}-${width}.webp`));
    }
  }
}

async function makeVideo(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-media-'));
  const [width, height] = [960, 400];
  const files: string[] = [];
  for (const scene of SCENES) {
    const file = path.join(work, `${scene.name}.png`);
    // Drawn larger than the frame so the slow zoom never shows an edge.
    fs.writeFileSync(file, await composeScene(scene, width * 2, height * 2));
    files.push(file);
  }
  const dir = path.join(publicDir, 'media');
  fs.mkdirSync(dir, { recursive: true });
  const perScene = 3;
  const fade = 0.8;
  const fps = 24;
  // One still frame per input: zoompan turns it into d frames of a slow zoom.
  const inputs = files.flatMap((f) => ['-i', f]);
  const zooms = files
    .map(
      (_, i) =>
        `[${i}:v]zoompan=z='1+0.0015*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${Math.round((perScene + fade) * fps)}:s=${width}x${height}:fps=${fps},format=yuv420p[v${i}]`,
    )
    .join(';');
  let chain = '[v0]';
  const fades: string[] = [];
  for (let i = 1; i < files.length; i++) {
    const out = i === files.length - 1 ? '[out]' : `[x${i}]`;
    fades.push(`${chain}[v${i}]xfade=transition=fade:duration=${fade}:offset=${(perScene * i).toFixed(2)}${out}`);
    chain = `[x${i}]`;
  }
  const filter = `${zooms};${fades.join(';')}`;
  const common = ['-y', ...inputs, '-filter_complex', filter, '-map', '[out]', '-an'];
  execFileSync('ffmpeg', [...common, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', path.join(dir, 'items-banner.webm')], { stdio: 'inherit' });
  execFileSync('ffmpeg', [...common, '-c:v', 'libx264', '-profile:v', 'main', '-crf', '30', '-preset', 'slow', '-movflags', '+faststart', '-pix_fmt', 'yuv420p', path.join(dir, 'items-banner.mp4')], { stdio: 'inherit' });
  // The poster is the video's first scene, so the swap from poster to video does not jump.
  await sharp(files[0]).resize(width, height).webp({ quality: 60 }).toFile(path.join(dir, 'items-banner-poster.webp'));
  fs.rmSync(work, { recursive: true, force: true });
}

await makeHero();
await makeVideo();
for (const dir of ['hero', 'media']) {
  for (const file of fs.readdirSync(path.join(publicDir, dir))) {
    console.log(`${dir}/${file}: ${(fs.statSync(path.join(publicDir, dir, file)).size / 1024).toFixed(1)} KB`);
  }
}
