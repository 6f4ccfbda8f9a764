import { isSecretField, withholdSecrets, WITHHELD_SECRET } from './secretFields';

describe('Secret fields', () => {
  it('should name password material, reset codes, tokens and session hashes as secrets, and plain facts not', () => {
    for (const key of ['passwordHash', 'codeHash', 'code', 'session', 'token', 'clientSecret']) expect(isSecretField(key)).toBe(true);
    for (const key of ['institutionId', 'name', 'email', 'uniqueCode', 'reason', 'rows']) expect(isSecretField(key)).toBe(false);
  });

  it('should withhold secrets at any depth, list their paths, and leave everything else as it was', () => {
    const payload = { adminId: 3, passwordHash: '$argon2id$v=19$x', nested: { list: [{ token: 't', keep: 1 }] }, rows: [['a', 'b']] };
    expect(withholdSecrets(payload)).toEqual({
      payload: { adminId: 3, passwordHash: WITHHELD_SECRET, nested: { list: [{ token: WITHHELD_SECRET, keep: 1 }] }, rows: [['a', 'b']] },
      withheld: ['passwordHash', 'nested.list[0].token'],
    });
    expect(payload.passwordHash).toBe('$argon2id$v=19$x');
    expect(withholdSecrets(null)).toEqual({ payload: null, withheld: [] });
  });
});
