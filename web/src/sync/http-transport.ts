import { pullResponseSchema, pushResponseSchema } from '@clinic/sync-protocol';
import { ApiError } from '../api/errors';
import { apiRequest } from '../api/client';
import { SyncTransportError, type SyncTransport } from './transport';

function classify(error: unknown): SyncTransportError {
  if (!(error instanceof ApiError)) return new SyncTransportError('server', '同期に失敗しました');
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return new SyncTransportError('network', error.message, error.code);
    case 'auth':
      return new SyncTransportError('auth', error.message, error.code);
    case 'server':
    case 'unknown':
      return new SyncTransportError('server', error.message, error.code);
    case 'input':
    case 'forbidden':
    case 'notFound':
      return new SyncTransportError('refused', error.message, error.code);
  }
}

/** Push and pull over /api/sync with the app's client; answers are parsed with the protocol's schemas. */
export const httpTransport: SyncTransport = {
  async push(request) {
    try {
      return await apiRequest('/sync/push', { method: 'POST', body: request, schema: pushResponseSchema });
    } catch (error) {
      throw classify(error);
    }
  },
  async pull(request) {
    try {
      return await apiRequest('/sync/pull', { method: 'POST', body: request, schema: pullResponseSchema });
    } catch (error) {
      throw classify(error);
    }
  },
};
