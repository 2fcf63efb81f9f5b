import { Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-format.js';
import { limitBytes, sniffImage } from './upload-guards.js';

const tooLarge = () => new Error('too large');
const notAnImage = () => new Error('not an image');
const solid = sharp({ create: { width: 4, height: 4, channels: 3, background: '#08f' } });

describe('detectImageType', () => {
  it.each([
    ['png', () => solid.clone().png().toBuffer(), 'image/png'],
    ['jpeg', () => solid.clone().jpeg().toBuffer(), 'image/jpeg'],
    ['webp', () => solid.clone().webp().toBuffer(), 'image/webp'],
    ['gif', () => solid.clone().gif().toBuffer(), 'image/gif'],
    ['GIF87a', () => Promise.resolve(Buffer.from('GIF87a......')), 'image/gif'],
  ])('recognises %s from its first bytes', async (_case, make, type) => {
    expect(detectImageType((await make()).subarray(0, 12))).toBe(type);
  });

  it.each([
    ['text', Buffer.from('hello world, not an image')],
    ['a RIFF that is not WebP (WAV)', Buffer.from('RIFF\0\0\0\0WAVEfmt ')],
    [
      'SVG (script-capable, never accepted)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'),
    ],
    ['too few bytes', Buffer.from([0x89, 0x50, 0x4e])],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_case, head) => {
    expect(detectImageType(head)).toBeNull();
  });
});

describe('upload stream guards', () => {
  const chunks = (...sizes: number[]) => Readable.from(sizes.map((size) => Buffer.alloc(size, 1)));

  it('limitBytes passes exactly the limit and fails on the first byte over it', async () => {
    expect((await buffer(chunks(4, 4, 2).pipe(limitBytes(10, tooLarge)))).length).toBe(10);
    await expect(
      pipeline(
        chunks(4, 4, 3),
        limitBytes(10, tooLarge),
        new Writable({ write: (_c, _e, next) => next() }),
      ),
    ).rejects.toThrow('too large');
  });

  it('sniffImage lets no byte through before the type is known, and fails non-images', async () => {
    let received = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, next) {
        received += chunk.length;
        next();
      },
    });
    const text = Readable.from([Buffer.from('hello, '), Buffer.from('this is plain text')]);
    await expect(pipeline(text, sniffImage(notAnImage), sink)).rejects.toThrow('not an image');
    expect(received).toBe(0);
  });

  it('sniffImage passes an image through whole, however it is split, and names its type', async () => {
    const png = await solid.clone().png().toBuffer();
    const sniffer = sniffImage(notAnImage);
    const pieces = [png.subarray(0, 3), png.subarray(3, 9), png.subarray(9)];
    const out = await buffer(Readable.from(pieces).pipe(sniffer));
    expect(out.equals(png)).toBe(true);
    expect(sniffer.type).toBe('image/png');
  });
});
