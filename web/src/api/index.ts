export { apiFetch, apiRequest, type ApiFetchOptions, type ApiRequestOptions } from './client';
export { ApiError, toApiError, type ApiErrorKind } from './errors';
export { postLogout } from './auth-api';
export { useLogout } from './use-logout';
