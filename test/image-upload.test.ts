import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUploadResultSchema, MAX_UPLOAD_BYTES } from '../src/shared/images.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { countImages, samplePicture, uploadImage } from './helpers/upload.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true, name: 'Menu Admin' });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

/** Uploads as the admin and expects a refusal with this status, a message, and nothing stored. */
async function expectRefused(
  bytes: Buffer,
  options: { field?: string; filename?: string; type?: string; status?: number; message: RegExp },
) {
  const before = await countImages(t.app);
  const res = await uploadImage(t.app, bytes, { headers: admin.headers, ...options });
  expect(res.statusCode, res.body).toBe(options.status ?? 400);
  const body = res.json<{ message: string; fieldErrors?: Record<string, string[]> }>();
  expect(body.message).toMatch(options.message);
  expect(body.fieldErrors?.image?.length).toBeGreaterThan(0);
  expect(await countImages(t.app)).toBe(before);
  return body;
}

describe('POST /api/images: who may upload', () => {
  it('refuses an anonymous caller with 401, a customer with 403, a bad token with 401; stores nothing', async () => {
    const picture = await samplePicture();
    const before = await countImages(t.app);
    expect((await uploadImage(t.app, picture)).statusCode).toBe(401);
    expect((await uploadImage(t.app, picture, { headers: customer.headers })).statusCode).toBe(403);
    expect((await uploadImage(t.app, picture, { headers: { authorization: 'Bearer forged' } })).statusCode).toBe(401);
    expect(await countImages(t.app)).toBe(before);
  });

  it('lets an administrator upload, signed in by token or by session cookie', async () => {
    const byToken = await uploadImage(t.app, await samplePicture(), { headers: admin.headers });
    expect(byToken.statusCode, byToken.body).toBe(201);
    const byCookie = await uploadImage(t.app, await samplePicture(), { headers: { cookie: admin.cookie } });
    expect(byCookie.statusCode, byCookie.body).toBe(201);
  });
});

describe('POST /api/images: accepted pictures', () => {
  for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
    it(`stores a ${format} re-encoded as WebP and serves it immutable with its real type`, async () => {
      const before = await countImages(t.app);
      // The name and the declared type say nothing true: only the bytes decide.
      const res = await uploadImage(t.app, await samplePicture(format), {
        headers: admin.headers,
        filename: 'upload.bin',
        type: 'application/octet-stream',
      });
      expect(res.statusCode, res.body).toBe(201);
      const { data } = imageUploadResultSchema.strict().parse(res.json());
      expect(data.display_url).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);
      expect(data).toMatchObject({ width: 320, height: 240 });
      expect(await countImages(t.app)).toBe(before + 1);

      const served = await t.app.inject({ method: 'GET', url: data.display_url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    });
  }

  it('scales a large picture down to 1600 px and strips its metadata (EXIF with a location)', async () => {
    const picture = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret camera owner' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect((await sharp(picture).metadata()).exif).toBeDefined();
    const res = await uploadImage(t.app, picture, { headers: admin.headers });
    expect(res.statusCode, res.body).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: res.json().data.display_url });
    const metadata = await sharp(served.rawPayload).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 1600, height: 800 });
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes('secret camera owner')).toBe(false);
  });
});

describe('POST /api/images: refused uploads store nothing', () => {
  it("refuses an iPhone's HEIC photo, saying what to do instead (issue 43, point 10)", async () => {
    // The start of an iPhone photo: an ISO-BMFF 'ftyp' box of major brand heic, then a 'meta' box.
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic', 'latin1'), Buffer.alloc(4), Buffer.from('mif1heic', 'latin1')]);
    const heic = Buffer.concat([ftyp, Buffer.from([0, 0, 0x10, 0]), Buffer.from('meta', 'latin1'), Buffer.alloc(4092, 7)]);
    const body = await expectRefused(heic, { filename: 'IMG_0042.HEIC', type: 'image/heic', message: /iPhone HEIC photo.*Save it as a JPEG/ });
    expect(body.fieldErrors?.image?.[0]).toMatch(/Most Compatible/);
  });

  it('refuses a text file named .jpg and sent as image/jpeg', async () => {
    await expectRefused(Buffer.from('Just some text pretending to be a picture.\n'.repeat(20)), {
      filename: 'holiday.jpg',
      type: 'image/jpeg',
      message: /not a picture the shop accepts/,
    });
  });

  it('refuses an SVG carrying a script, whatever it is called', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script>' +
        '<rect width="100" height="100" fill="red"/></svg>',
    );
    await expectRefused(svg, { filename: 'logo.svg', type: 'image/svg+xml', message: /not a picture the shop accepts/ });
    await expectRefused(svg, { filename: 'logo.png', type: 'image/png', message: /not a picture the shop accepts/ });
  });

  it('refuses a 20 MB file with 413 and a clear message', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024, 7);
    (await samplePicture()).copy(big); // a real JPEG start: only the size is wrong
    await expectRefused(big, { status: 413, message: /larger than 5 MB/ });
  });

  it('accepts a picture of exactly the limit but not one byte more', async () => {
    const jpeg = await samplePicture();
    // A JPEG ends at its end-of-image marker; bytes after it are ignored by decoders.
    const atLimit = Buffer.alloc(MAX_UPLOAD_BYTES);
    jpeg.copy(atLimit);
    const ok = await uploadImage(t.app, atLimit, { headers: admin.headers });
    expect(ok.statusCode, ok.body).toBe(201);
    const over = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    jpeg.copy(over);
    await expectRefused(over, { status: 413, message: /larger than 5 MB/ });
  });

  it('refuses an empty file', async () => {
    await expectRefused(Buffer.alloc(0), { message: /empty/ });
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffaa00' } })
      .jpeg()
      .toBuffer();
    await expectRefused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), { message: /damaged|incomplete/ });
  });

  it('refuses a picture whose header claims a gigantic size (a decompression bomb)', async () => {
    await expectRefused(pngHeaderClaiming(50_000, 50_000), { type: 'image/png', message: /too many pixels|damaged/ });
  });

  it('refuses a file sent in another field than "image"', async () => {
    await expectRefused(await samplePicture(), { field: 'file', message: /field 'image'/ });
  });

  it('refuses a request without a file, and one that is not multipart', async () => {
    const before = await countImages(t.app);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: admin.headers,
      payload: (() => {
        const form = new FormData();
        form.append('note', 'no file here');
        return form;
      })(),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Choose a picture/);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: admin.headers,
      payload: { image: 'https://elsewhere.example/cat.jpg' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart\/form-data/);
    expect(await countImages(t.app)).toBe(before);
  });

  it('refuses two files in one request', async () => {
    const before = await countImages(t.app);
    const form = new FormData();
    const picture = new Blob([new Uint8Array(await samplePicture())], { type: 'image/jpeg' });
    form.append('image', picture, 'one.jpg');
    form.append('image', picture, 'two.jpg');
    const res = await t.app.inject({ method: 'POST', url: '/api/images', headers: admin.headers, payload: form });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/one picture at a time/);
    expect(await countImages(t.app)).toBe(before);
  });

  it('answers a malformed multipart body with 400 and a clear message, storing nothing', async () => {
    const before = await countImages(t.app);
    const picture = (await samplePicture()).toString('latin1');
    const part = `--b0undary\r\nContent-Disposition: form-data; name="image"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const malformed = [
      // No boundary in the type.
      { type: 'multipart/form-data', body: `${part}${picture}\r\n--b0undary--\r\n` },
      // Cut off before its closing boundary.
      { type: 'multipart/form-data; boundary=b0undary', body: `${part}${picture}` },
      // A part whose headers never end.
      { type: 'multipart/form-data; boundary=b0undary', body: `--b0undary\r\nContent-Disposition: form-data; name="image"` },
      // Garbage, not multipart at all.
      { type: 'multipart/form-data; boundary=b0undary', body: 'just some text' },
    ];
    for (const { type, body } of malformed) {
      const res = await t.app.inject({ method: 'POST', url: '/api/images', headers: { ...admin.headers, 'content-type': type }, payload: Buffer.from(body, 'latin1') });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(400);
      expect(res.json().message, type).toMatch(/could not be read as a form|Choose a picture/);
    }
    expect(await countImages(t.app)).toBe(before);
  });

  it('parses multipart on the upload route only', async () => {
    const form = new FormData();
    form.append('name', 'Sneaky');
    const res = await t.app.inject({ method: 'POST', url: '/api/items', headers: admin.headers, payload: form });
    expect(res.statusCode).toBe(415);
  });
});

/** A PNG whose header says width × height, followed by an empty image: sharp reads the header only. */
function pngHeaderClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(0)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
