/**
 * PBKDF2 iterations for a password's wrap: OWASP's 2023 figure for PBKDF2-HMAC-SHA-256. About 0.3–1 s
 * on a tablet, once per sign-in or unlock (the button shows a spinner meanwhile). Tests pass a small
 * number to the keystore instead; the stored entry records its own count, so a change here applies
 * at each person's next sign-in without locking anyone out.
 */
export const PBKDF2_ITERATIONS = 600_000;
