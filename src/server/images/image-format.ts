/** The picture formats an administrator may upload, told apart by their first bytes. */
export type UploadFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** By magic bytes, never name or browser type; anything else (SVG can carry script) is refused before sharp parses it. */
export function detectUploadFormat(bytes: Buffer): UploadFormat | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp' && hasAvifBrand(bytes)) return 'avif';
  return null;
}

/** HEIF brands of HEVC photos (an iPhone's HEIC), which sharp's build here cannot decode. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/** An iPhone's HEIC photo (HEIF, not AVIF): refused with what to do instead, not as "not a picture". */
export function isHeicPhoto(bytes: Buffer): boolean {
  if (bytes.length < 12 || bytes.subarray(4, 8).toString('latin1') !== 'ftyp' || hasAvifBrand(bytes)) return false;
  return brandsOf(bytes).some((brand) => HEIC_BRANDS.has(brand));
}

function brandsOf(bytes: Buffer): string[] {
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands: string[] = [];
  for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
    if (offset !== 12) brands.push(bytes.subarray(offset, offset + 4).toString('latin1'));
  }
  return brands;
}

/** An ISO-BMFF 'ftyp' box names a major brand and compatible brands; AVIF is one of them. */
function hasAvifBrand(bytes: Buffer): boolean {
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
    if (offset === 12) continue; // the minor version, not a brand
    if (AVIF_BRANDS.has(bytes.subarray(offset, offset + 4).toString('latin1'))) return true;
  }
  return false;
}

/** sharp's name for each format (AVIF is HEIF with AV1 compression). */
export function sharpFormatMatches(format: UploadFormat, sharpFormat: string | undefined, compression?: string): boolean {
  if (format === 'avif') return sharpFormat === 'heif' && compression === 'av1';
  return sharpFormat === format;
}
