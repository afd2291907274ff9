import type { S3MediaConfig } from './media-store';

type Env = Record<string, string | undefined>;

/**
 * MEDIA_STORE: `local` (default: DATA_DIR/media on this machine) or `s3` (a bucket every API process
 * shares: S3_BUCKET, S3_REGION, S3_ENDPOINT for an S3-compatible server, S3_FORCE_PATH_STYLE=1 for one
 * that wants the bucket in the path, S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY or the AWS SDK's own chain).
 * Returns the bucket's settings for `s3`, undefined for `local`; anything else stops the start.
 */
export function s3ConfigOf(env: Env): S3MediaConfig | undefined {
  const kind = (env.MEDIA_STORE || 'local').toLowerCase();
  if (kind === 'local') return undefined;
  if (kind !== 's3') throw new Error(`MEDIA_STORE must be local or s3, not ${env.MEDIA_STORE}`);
  const bucket = env.S3_BUCKET;
  if (!bucket) throw new Error('MEDIA_STORE=s3 needs S3_BUCKET');
  const accessKeyId = env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the AWS SDK own chain)',
    );
  return {
    bucket,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE ?? ''),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}
