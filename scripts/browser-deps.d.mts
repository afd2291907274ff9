export const CHROMIUM_PATH: string;
export function ensureBrowserDeps(): void;
