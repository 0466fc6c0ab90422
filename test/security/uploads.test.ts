import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countImages, samplePicture, uploadImage } from '../helpers/upload.ts';
import { createScene, send, type Scene } from './scene.ts';

/**
 * Uploads: the type is decided by the bytes, and whatever is stored is a picture that sharp
 * re-encoded, so nothing a file carried besides pixels survives. (test/image-upload.test.ts
 * covers the formats, sizes and decompression bombs; these are the hostile files.)
 */
let s: Scene;
beforeAll(async () => {
  s = await createScene();
});
afterAll(async () => s.t.close());

const SCRIPT = '<script>window.__xss=1</script><html><body onload="alert(1)">';

async function refused(bytes: Buffer, options: { filename: string; type: string }) {
  const before = await countImages(s.app);
  const res = await uploadImage(s.app, bytes, { headers: s.admin.headers, ...options });
  expect(res.statusCode, `${options.filename}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(await countImages(s.app)).toBe(before);
}

describe('uploads: type by content', () => {
  it('refuses HTML, script and executables whatever name and type they claim', async () => {
    await refused(Buffer.from(SCRIPT), { filename: 'photo.jpg', type: 'image/jpeg' });
    await refused(Buffer.from(`\xff\xd8\xff\xe0${SCRIPT}`, 'latin1'), { filename: 'magic.jpg', type: 'image/jpeg' });
    await refused(Buffer.from(`\x89PNG\r\n\x1a\n${SCRIPT}`, 'latin1'), { filename: 'magic.png', type: 'image/png' });
    await refused(Buffer.from(`GIF89a/*${SCRIPT}*/=1;alert(1)`, 'latin1'), { filename: 'gifar.gif', type: 'image/gif' });
    await refused(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), { filename: 'tool.png', type: 'image/png' });
    await refused(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj'), { filename: 'doc.webp', type: 'image/webp' });
  });

  it('refuses SVG in every disguise (SVG can carry script)', async () => {
    const plain = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const scripted = `<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script>alert(1)</script></svg>`;
    await refused(Buffer.from(plain), { filename: 'a.svg', type: 'image/svg+xml' });
    await refused(Buffer.from(plain), { filename: 'a.png', type: 'image/png' });
    await refused(Buffer.from(`<?xml version="1.0"?>${scripted}`), { filename: 'a.jpg', type: 'image/jpeg' });
    await refused(Buffer.from(`\ufeff${scripted}`), { filename: 'a.webp', type: 'image/webp' });
  });

  it('a polyglot (a real JPEG with HTML and script appended) is stored only as re-encoded pixels', async () => {
    const polyglot = Buffer.concat([await samplePicture('jpeg'), Buffer.from(SCRIPT)]);
    const res = await uploadImage(s.app, polyglot, { headers: s.admin.headers, filename: 'poly.html', type: 'text/html' });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<{ data: { display_url: string } }>().data.display_url;
    expect(url).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);
    const served = await send(s.app, { method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('__xss'))).toBe(false);
  });

  it('a name with a path or a script in it is not used: the shop names the file', async () => {
    const res = await uploadImage(s.app, await samplePicture('png'), {
      headers: s.admin.headers,
      filename: '../../../etc/passwd"><script>alert(1)</script>.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: { display_url: string } }>().data.display_url).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);
  });

  it('serves nothing outside its own store for a crafted path', async () => {
    for (const url of ['/api/images/..%2F..%2Fpackage.json', '/api/images/../../package.json', '/api/images/%2e%2e%2fshop.sqlite', '/api/images/x.webp%00.html']) {
      const res = await send(s.app, { method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('"dependencies"');
    }
  });
});

describe('uploads: size', () => {
  it('a file over 5 MB is refused with 413 and nothing is stored, even disguised as a tiny picture', async () => {
    const big = Buffer.concat([await samplePicture('jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
    const before = await countImages(s.app);
    const res = await uploadImage(s.app, big, { headers: s.admin.headers });
    expect(res.statusCode).toBe(413);
    expect(await countImages(s.app)).toBe(before);
  });

  it('a customer cannot upload at all, so the limit is not theirs to test', async () => {
    const res = await uploadImage(s.app, await samplePicture(), { headers: s.owner.headers });
    expect(res.statusCode).toBe(403);
  });
});
