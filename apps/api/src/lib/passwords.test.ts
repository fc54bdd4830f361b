import { ARGON2_PARAMETERS, hashPassword, needsRehash, verifyPassword } from './passwords';

const PASSWORD = 'Пароль-для-проверки-1';
// Made by the `argon2` package this project hashed with until it moved to `@node-rs/argon2`
// (issue 30): the product's parameters, and weaker ones. Stored hashes like these must verify.
const STORED = {
  product:
    '$argon2id$v=19$m=19456,p=1,t=2$mVuXi3k1oSU0LbWOwhHszg$jlHFoYF38Yf158XYjgbchwH7Nez2Jq13rQpSmvMPRgY',
  weak: '$argon2id$v=19$m=4096,p=1,t=1$qJiXfYY5JpZWOsbq2hMDlA$p+bjtKm56gFho7DtBZUxmaY+yvnlfeweTw2+5hGVnLo',
};

describe('passwords', () => {
  it('verifies the hashes stored by the previous argon2 package', async () => {
    expect(await verifyPassword(STORED.product, PASSWORD)).toBe(true);
    expect(await verifyPassword(STORED.weak, PASSWORD)).toBe(true);
    expect(await verifyPassword(STORED.product, 'Пароль-для-проверки-2')).toBe(false);
  });

  it('hashes with argon2id at m = 19 456 KiB, t = 2, p = 1, salted', async () => {
    expect(ARGON2_PARAMETERS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const first = await hashPassword(PASSWORD);
    const second = await hashPassword(PASSWORD);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword(first, PASSWORD)).toBe(true);
    expect(needsRehash(first)).toBe(false);
  });

  it('asks for a new hash when the stored one is weaker or not argon2id, whatever the order', () => {
    expect(needsRehash(STORED.product)).toBe(false);
    expect(needsRehash(STORED.weak)).toBe(true);
    expect(needsRehash('$argon2i$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA')).toBe(true);
    expect(needsRehash('$argon2id$v=16$m=19456,t=2,p=1$c2FsdA$aGFzaA')).toBe(true);
    expect(needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
    expect(needsRehash('')).toBe(true);
  });

  it('refuses without a hash, a malformed hash or an empty password, never throwing', async () => {
    expect(await verifyPassword(null, PASSWORD)).toBe(false);
    expect(await verifyPassword('$argon2id$garbage', PASSWORD)).toBe(false);
    expect(await verifyPassword(STORED.product, '')).toBe(false);
  });
});
