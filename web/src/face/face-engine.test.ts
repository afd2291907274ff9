import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaceReply, FaceRequest } from './face-protocol';

/** A stand-in for the analysis worker: records what the page asks and answers when told. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: { data: FaceReply }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  asked: FaceRequest[] = [];
  terminated = false;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(request: FaceRequest) {
    this.asked.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  answer(reply: FaceReply) {
    this.onmessage?.({ data: reply });
  }
}

const bitmap = () => ({ width: 100, height: 50, close: vi.fn() });
const lastWorker = () => FakeWorker.made.at(-1)!;
const lastAsked = () => lastWorker().asked.at(-1)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function loadEngine() {
  vi.resetModules();
  return import('./face-engine');
}

describe('the face engine on the page', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.resolve(bitmap())),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts one worker, asks for a photo at most 1280 px, and answers with its faces', async () => {
    const { analyzeFaces } = await loadEngine();
    const analysing = analyzeFaces(new Blob(['x']));
    await settle();
    expect(FakeWorker.made).toHaveLength(1);
    expect(lastAsked()).toMatchObject({ type: 'analyze', maxWidth: 1280, maxHeight: 1280 });
    lastWorker().answer({ id: lastAsked().id, type: 'result', faces: [], processingTime: 420, width: 100, height: 50 });
    await expect(analysing).resolves.toEqual({ faces: [], processingTime: 420, width: 100, height: 50 });
    const second = analyzeFaces(bitmap(), { max: { width: 640, height: 480 } });
    expect(FakeWorker.made).toHaveLength(1);
    expect(lastAsked()).toMatchObject({ maxWidth: 640, maxHeight: 480 });
    lastWorker().answer({ id: lastAsked().id, type: 'error', stage: 'analyze', message: 'x' });
    await expect(second).rejects.toMatchObject({ stage: 'analyze' });
  });

  it('says when the models cannot load, and when a picture cannot be read', async () => {
    const { analyzeFaces, FaceEngineError } = await loadEngine();
    const analysing = analyzeFaces(new Blob(['x']));
    await settle();
    lastWorker().answer({ id: lastAsked().id, type: 'error', stage: 'load', message: 'offline' });
    await expect(analysing).rejects.toBeInstanceOf(FaceEngineError);
    await expect(analysing).rejects.toMatchObject({ stage: 'load' });
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new Error('decode'))),
    );
    await expect(analyzeFaces(new Blob(['not a picture']))).rejects.toMatchObject({
      stage: 'analyze',
      message: 'image',
    });
  });

  it('drops a cancelled answer, and starts a new worker after one fails', async () => {
    const { analyzeFaces } = await loadEngine();
    const controller = new AbortController();
    const analysing = analyzeFaces(new Blob(['x']), { signal: controller.signal });
    await settle();
    const asked = lastAsked();
    controller.abort();
    await expect(analysing).rejects.toMatchObject({ stage: 'cancelled' });
    lastWorker().answer({ id: asked.id, type: 'result', faces: [], processingTime: 1, width: 1, height: 1 });

    const waiting = analyzeFaces(new Blob(['x']));
    await settle();
    const broken = lastWorker();
    broken.onerror?.({ message: 'script failed', preventDefault: () => undefined });
    await expect(waiting).rejects.toMatchObject({ stage: 'load' });
    expect(broken.terminated).toBe(true);
    void analyzeFaces(new Blob(['x'])).catch(() => undefined);
    await settle();
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('warms the models once, and says how long loading took', async () => {
    const { warmFaceEngine } = await loadEngine();
    const first = warmFaceEngine();
    const again = warmFaceEngine();
    await settle();
    expect(lastWorker().asked.filter((r) => r.type === 'warm')).toHaveLength(1);
    lastWorker().answer({ id: lastAsked().id, type: 'ready', loadMs: 900, backend: 'wasm-simd' });
    await expect(first).resolves.toBe(900);
    await expect(again).resolves.toBe(900);
  });
});
