/** Where the API lives; alone so the service worker can use it without the page's request code. */
export const API_BASE = '/api';
