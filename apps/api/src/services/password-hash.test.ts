// The production cost of a password hash: the API tests hash at a lighter one (lightPasswordHashingForTests, called
// by apps/api/test/app.ts in the API project's processes only), so this unit test, which never lightens it, is where
// hashPassword is held to OWASP's minimum.
import { parseOptions, verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, lightPasswordHashingForTests } from './auth.ts';

describe('password hashing in production', () => {
  it("is argon2id at OWASP's minimum: 19 MiB, two passes, one lane", async () => {
    const hashed = await hashPassword('correct horse battery staple');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(hashed)).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(await verify(hashed, 'correct horse battery staple')).toBe(true);
  });

  it('cannot be lightened outside Vitest', () => {
    const vitest = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => lightPasswordHashingForTests()).toThrow('for the tests only');
    } finally {
      process.env.VITEST = vitest;
    }
  });
});
