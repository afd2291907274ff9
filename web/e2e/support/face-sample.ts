import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A sample photo that ships inside the face-api package (three smiling faces), read where npm put it; never committed. */
export const FACE_SAMPLE = join(
  dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
  'sample1.jpg',
);
