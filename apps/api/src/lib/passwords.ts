import argon2 from 'argon2';

/**
 * argon2id's cost: OWASP's Password Storage Cheat Sheet row m = 19 MiB (19,456 KiB), t = 2,
 * p = 1, its stated minimum. One hash takes about 25-45 ms on a 2-core test machine (the
 * reliability suite measures it: test/reliability/sessions.test.ts), so a sign-in stays well
 * under a tenth of a second. Raising these later upgrades each stored hash at its owner's next
 * sign-in (`needsRehash`).
 */
export const ARGON2_PARAMETERS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const OPTIONS = { type: argon2.argon2id, ...ARGON2_PARAMETERS } as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** argon2id hash of a password. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** True when a stored hash is not argon2id with today's parameters (hash it again at sign-in). */
export function needsRehash(hash: string): boolean {
  try {
    return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, OPTIONS);
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. With no hash (unknown login, or a user without a
 * password) it still verifies against a dummy hash, so both answers take the same time.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
