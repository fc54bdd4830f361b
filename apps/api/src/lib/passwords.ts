import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/**
 * argon2id's cost: OWASP's Password Storage Cheat Sheet row m = 19 MiB (19,456 KiB), t = 2,
 * p = 1, its stated minimum. One hash takes about 25-45 ms on a 2-core test machine (the
 * reliability suite measures it: test/reliability/sessions.test.ts), so a sign-in stays well
 * under a tenth of a second. Raising these later upgrades each stored hash at its owner's next
 * sign-in (`needsRehash`).
 */
export const ARGON2_PARAMETERS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * `@node-rs/argon2` ships a prebuilt binary per platform and runs no install script (the `argon2`
 * package compiled itself at install). Its `Algorithm.Argon2id` is a `const enum`, which a
 * per-file compiler cannot inline: 2 is its value. Hashes are PHC strings either way
 * (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), so the hashes stored before still verify.
 */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, ...ARGON2_PARAMETERS } as const;

/** The PHC parameters of a stored hash (`m`, `t`, `p`), whatever their order. */
function parametersOf(hash: string): Record<string, number> {
  const [, , version, parameters = ''] = hash.split('$');
  if (version !== 'v=19') return {};
  return Object.fromEntries(
    parameters.split(',').map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return [key, Number(value)];
    }),
  );
}

export { PASSWORD_MAX, PASSWORD_MIN } from '@tour/core/contract/users';

/** argon2id hash of a password. */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, OPTIONS);
}

/** True when a stored hash is not argon2id with today's parameters (hash it again at sign-in). */
export function needsRehash(hash: string): boolean {
  if (!hash.startsWith('$argon2id$')) return true;
  const { m, t, p } = parametersOf(hash);
  return (
    m !== ARGON2_PARAMETERS.memoryCost ||
    t !== ARGON2_PARAMETERS.timeCost ||
    p !== ARGON2_PARAMETERS.parallelism
  );
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. With no hash (unknown login, or a user without a
 * password) it still verifies against a dummy hash, so both answers take the same time.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await argon2Verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2Verify(hash, password).catch(() => false);
}
