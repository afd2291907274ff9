export function webBuildIsStale(): boolean;
export function ensureWebBuild(options?: { force?: boolean }): void;
