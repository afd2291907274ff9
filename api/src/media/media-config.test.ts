import { describe, expect, it } from 'vitest';
import { s3ConfigOf } from './media-config';

describe('MEDIA_STORE', () => {
  it('keeps media in DATA_DIR by default and for local', () => {
    expect(s3ConfigOf({})).toBeUndefined();
    expect(s3ConfigOf({ MEDIA_STORE: 'local', S3_BUCKET: 'ignored' })).toBeUndefined();
  });

  it('reads the bucket, endpoint, region, path style and credentials for s3', () => {
    expect(
      s3ConfigOf({
        MEDIA_STORE: 's3',
        S3_BUCKET: 'clinic-media',
        S3_REGION: 'ap-northeast-1',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({
      bucket: 'clinic-media',
      region: 'ap-northeast-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    // AWS itself: no endpoint, virtual-hosted names, the SDK's own credentials.
    expect(s3ConfigOf({ MEDIA_STORE: 'S3', S3_BUCKET: 'b', AWS_REGION: 'eu-west-1' })).toEqual({
      bucket: 'b',
      region: 'eu-west-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('stops the start on a typo or a half-given setting rather than keep photos somewhere unexpected', () => {
    expect(() => s3ConfigOf({ MEDIA_STORE: 'S4' })).toThrow(/MEDIA_STORE/);
    expect(() => s3ConfigOf({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => s3ConfigOf({ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/together/);
  });
});
