import { spawn } from 'node:child_process';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from '../../../scripts/postgres.mjs';

/**
 * moto_server (an S3-compatible server, present on these machines) on loopback with one bucket, for
 * the media store's tests on S3 and the cluster test. It ends with the test run.
 */
export async function startS3(bucket: string) {
  const port = await freePort();
  const proc = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const end = () => proc.kill('SIGKILL');
  process.once('exit', end);
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null)
      throw new Error('moto_server ended at start (is it installed? pip install "moto[server]")');
    if (
      await fetch(endpoint).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > stop) throw new Error('moto_server did not answer within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };
  const region = 'us-east-1';
  const client = new S3Client({ endpoint, region, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    region,
    client,
    credentials,
    /** The settings an S3MediaStore (or MEDIA_STORE=s3) takes for this bucket. */
    config: { bucket, region, endpoint, forcePathStyle: true, credentials },
    stop: () => {
      client.destroy();
      process.off('exit', end);
      proc.kill('SIGKILL');
    },
  };
}
