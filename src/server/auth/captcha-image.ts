import { randomInt } from 'node:crypto';
import sharp from 'sharp';

const WIDTH = 200;
const HEIGHT = 64;

/**
 * The captcha picture: each character turned and shifted on its own, over crossing lines and
 * dots, rendered to PNG on the server so the answer is not in the page as text.
 */
export async function renderCaptcha(text: string): Promise<Buffer> {
  const step = (WIDTH - 20) / text.length;
  const glyphs = [...text]
    .map((char, i) => {
      const x = 14 + i * step + randomInt(0, 8);
      const y = 42 + randomInt(-6, 7);
      // Turned enough to trouble a reader program, not so much that a person has to guess.
      const angle = randomInt(-15, 16);
      const hue = randomInt(0, 360);
      return `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y})" fill="hsl(${hue},60%,28%)" font-family="DejaVu Sans Mono, monospace" font-weight="bold" font-size="${randomInt(28, 35)}">${char}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 6 }, () => {
    const hue = randomInt(0, 360);
    return `<line x1="${randomInt(0, WIDTH)}" y1="${randomInt(0, HEIGHT)}" x2="${randomInt(0, WIDTH)}" y2="${randomInt(0, HEIGHT)}" stroke="hsl(${hue},50%,45%)" stroke-width="${randomInt(1, 3)}"/>`;
  }).join('');
  const dots = Array.from({ length: 40 }, () => `<circle cx="${randomInt(0, WIDTH)}" cy="${randomInt(0, HEIGHT)}" r="1.2" fill="#555"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#f4f1e8"/>${dots}${glyphs}${lines}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
