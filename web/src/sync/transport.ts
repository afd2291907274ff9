import type {
  HealFinishRequest,
  HealFinishResponse,
  HealRequest,
  HealResponse,
  HealStartRequest,
  HealStartResponse,
  PullRequest,
  PullResponse,
  PushRequest,
  PushResponse,
} from '@clinic/sync-protocol';

/**
 * How a sync failed decides what happens next: `network` (no answer, timeout) goes to the service
 * worker's queue and is retried when the network returns; `auth` waits for a new login; `server` (5xx)
 * is retried with backoff; `refused` (4xx) is shown to the person.
 */
export type SyncFailureKind = 'network' | 'auth' | 'server' | 'refused';

export class SyncTransportError extends Error {
  constructor(
    readonly kind: SyncFailureKind,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'SyncTransportError';
  }
}

/** Sending a restored server what it lacks (see heal.ts). */
export type HealTransport = {
  start(request: HealStartRequest): Promise<HealStartResponse>;
  send(request: HealRequest): Promise<HealResponse>;
  finish(request: HealFinishRequest): Promise<HealFinishResponse>;
};

export type SyncTransport = {
  push(request: PushRequest): Promise<PushResponse>;
  pull(request: PullRequest): Promise<PullResponse>;
  /** Absent in tests whose server is never restored. */
  heal?: HealTransport;
};
