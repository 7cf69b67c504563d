import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../src/domain/constants';
import { jpegWithGps, multipart, png, uploadFields } from '../support/server/images';
import { databases, useTestApp, type Session } from '../support/server/app';

describe.each(databases())('uploads on %s', (kind) => {
  const t = useTestApp(kind);
  const upload = (session: Session | null, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) =>
    t.as(session, { method: 'POST', url: '/api/uploads', ...multipart(fields, file) });
  const get = (session: Session | null, url: string) => t.as(session, { method: 'GET', url });

  it('stores a JPEG, answers 201 {url}, and serves it back without its EXIF', async () => {
    const farmer = await t.unverified();
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(farmer, { kind: 'profile' }, { bytes: original });
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/uploads\/[a-f0-9]+$/);
    const served = await get(farmer, url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, no-cache');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('FarmCam'))).toBe(false);
  });

  it('accepts a PNG and re-encodes it as JPEG', async () => {
    const farmer = await t.unverified();
    const res = await upload(farmer, { kind: 'profile' }, { bytes: await png(), name: 'a.png', type: 'image/png' });
    expect(res.statusCode).toBe(201);
    const served = await get(farmer, res.json().url);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('judges the type by the bytes: a text file named .jpg is refused with 415', async () => {
    const farmer = await t.unverified();
    const res = await upload(farmer, { kind: 'profile' }, { bytes: Buffer.from('not really an image at all'), name: 'x.jpg' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await upload(farmer, { kind: 'profile' }, { bytes: gif, name: 'x.png', type: 'image/png' })).statusCode).toBe(415);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const farmer = await t.unverified();
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(UPLOAD_MAX_BYTES + 10, 1)]);
    const res = await upload(farmer, { kind: 'profile' }, { bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses an image over 20 megapixels with 413', async () => {
    const farmer = await t.unverified();
    const huge = await sharp({ create: { width: 5000, height: 4100, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const res = await upload(farmer, { kind: 'profile' }, { bytes: huge, type: 'image/png' });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a missing kind, an unknown kind, a missing file and a non-multipart body with 4xx', async () => {
    const farmer = await t.unverified();
    const bytes = await jpegWithGps();
    expect((await upload(farmer, {}, { bytes })).statusCode).toBe(400);
    expect((await upload(farmer, { kind: 'selfie' }, { bytes })).statusCode).toBe(400);
    expect((await upload(farmer, { kind: 'profile' })).statusCode).toBe(400);
    expect((await upload(farmer, { kind: 'profile' }, { bytes, field: 'photo' })).statusCode).toBe(400);
    const json = await t.as(farmer, { method: 'POST', url: '/api/uploads', payload: { kind: 'profile' } });
    expect(json.statusCode).toBe(415);
  });

  it('needs a login to upload', async () => {
    expect((await upload(null, { kind: 'profile' }, { bytes: await jpegWithGps() })).statusCode).toBe(401);
  });

  it('encrypts Aadhaar images at rest and serves them only to the owner and admins', async () => {
    const owner = await t.unverified();
    const other = await t.farmer();
    const admin = await t.admin();
    const res = await upload(owner, uploadFields('aadhaar'), { bytes: await jpegWithGps() });
    expect(res.statusCode).toBe(201);
    const url: string = res.json().url;
    const row = await t.db.selectFrom('images').selectAll().where('id', '=', url.split('/').pop()!).executeTakeFirstOrThrow();
    expect(row.iv).not.toBeNull();
    expect(row.data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    await expect(sharp(row.data).metadata()).rejects.toThrow();

    const mine = await get(owner, url);
    expect(mine.statusCode).toBe(200);
    // A card is kept by no cache at all, the browser's included: no ETag to revalidate by.
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers.etag).toBeUndefined();
    expect((await sharp(mine.rawPayload).metadata()).format).toBe('jpeg');
    expect((await get(admin, url)).statusCode).toBe(200);
    const theirs = await get(other, url);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('NOT_FOUND');
    expect((await get(null, url)).statusCode).toBe(404);
  });

  it('revalidates a protected image by its ETag: 304 with no body while unchanged, and only for those who may see it', async () => {
    const owner = await t.unverified();
    const other = await t.farmer();
    const url: string = (await upload(owner, { kind: 'profile' }, { bytes: await jpegWithGps() })).json().url;
    const first = await get(owner, url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.as(owner, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect((await t.as(other, { method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(404);
    expect((await t.as(null, { method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(404);
    const newer: string = (await upload(owner, { kind: 'profile' }, { bytes: await jpegWithGps() })).json().url;
    const changed = await t.as(owner, { method: 'GET', url: newer, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('lets only admins upload SKU images, which are public, content-addressed and cached for a year', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const bytes = await jpegWithGps();
    expect((await upload(farmer, { kind: 'sku' }, { bytes })).statusCode).toBe(403);
    const first = await upload(admin, { kind: 'sku' }, { bytes });
    expect(first.statusCode).toBe(201);
    const again = await upload(admin, { kind: 'sku' }, { bytes });
    expect(again.json().url).toBe(first.json().url);
    const served = await get(null, first.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for an unknown image id', async () => {
    expect((await get(null, '/api/uploads/0123456789abcdef')).statusCode).toBe(404);
  });
});
