import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('holds about two hundred entries', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(200);
  });

  it.each(['123456', 'password', 'Password', 'QWERTY123', 'iloveyou', ' 12345678 '])('rejects %p', (pw) => {
    expect(isCommonPassword(pw)).toBe(true);
  });

  it.each(['Warraq-Reader-2025!', 'correct horse battery staple', 'x7#kLp2q'])('accepts %p', (pw) => {
    expect(isCommonPassword(pw)).toBe(false);
  });
});
