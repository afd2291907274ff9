export { apiRequest, type ApiRequestOptions } from './client';
export { ApiError, toApiError, type ApiErrorKind } from './errors';
export { safeFetch, type SafeFetchOptions } from './safe-fetch';
export { postLogin, postLogout } from './auth-api';
