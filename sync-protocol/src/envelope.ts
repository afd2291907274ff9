/** Every /api response: the spec's envelope (section 7). `data` is typed per call. */
export type Envelope<T> = {
  success: boolean;
  data: T | null;
  error: string | null;
  message: string | null;
  code: string | null;
};

/** Machine-readable error codes the server sends in `code`. */
export type ErrorCode =
  | 'INVALID_CREDENTIALS'
  | 'TOO_MANY_LOGIN_ATTEMPTS'
  | 'UNAUTHORIZED'
  | 'TOKEN_EXPIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'VALIDATION_ERROR'
  | 'PAYLOAD_TOO_LARGE'
  | 'CONFLICT'
  | 'OUT_OF_ORDER'
  /** 409: a push named an epoch the server left by a restore (see messages/epoch.ts). */
  | 'EPOCH_CHANGED'
  | 'PROTOCOL_UNSUPPORTED'
  | 'PROTOCOL_TOO_NEW'
  | 'RATE_LIMITED'
  /** 507: the server has no room left to keep what was sent. */
  | 'STORAGE_FULL'
  /** 503: the server's database cannot be reached now (PostgreSQL restarting): the device sends again later. */
  | 'DATABASE_UNAVAILABLE'
  /** 503: the server knows its database is damaged and takes no changes until it is restored. */
  | 'STORAGE_DAMAGED'
  /** 403: a sync call for a device id without that device's credential (device/device-credential.ts). */
  | 'DEVICE_NOT_REGISTERED'
  | 'DEVICE_CREDENTIAL_INVALID'
  | 'DEVICE_ALREADY_REGISTERED'
  | 'SEAL_KEY_UNKNOWN'
  | 'SEALED_UNREADABLE'
  | 'SENDER_GONE'
  /** 429: one account's caps on refused changes and on uploads (messages/account-limits.ts). */
  | 'REJECTION_LIMIT'
  | 'UPLOAD_LIMIT'
  | 'INTERNAL_ERROR';
