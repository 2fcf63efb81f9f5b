import { Transform, type TransformCallback } from 'node:stream';
import { detectImageType, SIGNATURE_BYTES, type ImageContentType } from './image-format.js';

/**
 * Fails the stream with `tooLarge()` as soon as more than `maxBytes` have passed, so an
 * oversized upload is refused while it streams in, never buffered first.
 */
export function limitBytes(maxBytes: number, tooLarge: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      seen += chunk.length;
      if (seen > maxBytes) next(tooLarge());
      else next(null, chunk);
    },
  });
}

/** Passes the bytes through once their first bytes prove an image; `type` says which. */
export interface ImageSniffer extends Transform {
  type: ImageContentType | null;
}

/**
 * Holds back the first few bytes until the image type is known and fails the stream with
 * `notAnImage()` otherwise, before anything reaches the storage.
 */
export function sniffImage(notAnImage: () => Error): ImageSniffer {
  let head: Buffer | null = Buffer.alloc(0);
  const decide = (stream: ImageSniffer, next: TransformCallback) => {
    const type = detectImageType(head!);
    if (!type) return next(notAnImage());
    stream.type = type;
    const held = head!;
    head = null;
    next(null, held);
  };
  const sniffer = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      if (head === null) return next(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SIGNATURE_BYTES) return next();
      decide(sniffer, next);
    },
    flush(next) {
      // A file shorter than any signature (or empty) ends here undecided.
      if (head === null) return next();
      decide(sniffer, next);
    },
  }) as ImageSniffer;
  sniffer.type = null;
  return sniffer;
}
