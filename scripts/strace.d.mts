export function ensureStrace(): void;
