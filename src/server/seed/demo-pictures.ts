import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const emojiDir = path.join(path.dirname(require.resolve('@lobehub/fluent-emoji-3d/package.json')), 'assets');

/**
 * A demo picture: a 3D food emoji (MIT, @lobehub/fluent-emoji-3d) on a soft gradient in the
 * category's colours, with a plate-like shadow. The result goes through the same image store
 * as an administrator's upload.
 */
export async function composeDemoPicture(
  emoji: string,
  [light, dark]: [string, string],
  size = { width: 800, height: 600 },
): Promise<Buffer> {
  const { width, height } = size;
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs>
        <radialGradient id="g" cx="50%" cy="40%" r="75%">
          <stop offset="0%" stop-color="${light}"/>
          <stop offset="100%" stop-color="${dark}"/>
        </radialGradient>
      </defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <ellipse cx="${width / 2}" cy="${height * 0.8}" rx="${width * 0.3}" ry="${height * 0.06}" fill="#000" fill-opacity="0.18"/>
    </svg>`,
  );
  const emojiSide = Math.round(Math.min(width, height) * 0.7);
  const emojiPicture = await sharp(await fs.readFile(path.join(emojiDir, `${emoji}.webp`)))
    .resize(emojiSide, emojiSide, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .toBuffer();
  return sharp(background)
    .composite([{ input: emojiPicture, top: Math.round(height * 0.08), left: Math.round((width - emojiSide) / 2) }])
    .png()
    .toBuffer();
}
