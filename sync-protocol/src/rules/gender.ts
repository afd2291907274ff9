// Zod-free, so the device's customer descriptor can name genders as the app starts.
export const GENDERS = ['female', 'male', 'unset'] as const;
export type Gender = (typeof GENDERS)[number];
