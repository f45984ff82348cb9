import { passwordStrength } from './password-strength.js';
import { RegisterFormSchema, ChangePasswordFormSchema } from '../auth/auth.schemas.js';
import { EmailSchema, MESSAGES, UsernameSchema } from './user.schemas.js';

describe('password strength meter (spec §5): five criteria, 20 % each', () => {
  it.each([
    ['', 0],
    ['abc', 20],
    ['abcdefgh', 40],
    ['Abcdefgh', 60],
    ['Abcdefg1', 80],
    ['Abcdef1!', 100],
    ['كلمةسرطويلة١!', 60],
  ])('%j scores %i', (password, percent) => {
    expect(passwordStrength(password).percent).toBe(percent);
  });
});

describe('account form rules (spec §5)', () => {
  it('rejects short usernames, bad e-mails and mismatched confirmation with the Arabic messages', () => {
    const result = RegisterFormSchema.safeParse({
      username: 'ab',
      email: 'nope',
      password: '12345',
      confirmPassword: 'x',
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map(
      (i: { path: PropertyKey[]; message: string }) => `${i.path.join('.')}:${i.message}`,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        'username:يجب أن يكون اسم المستخدم ٣ أحرف على الأقل',
        'email:يرجى إدخال بريد إلكتروني صالح',
        'password:يجب أن تكون كلمة المرور ٦ أحرف على الأقل',
      ]),
    );
  });
  it('flags a confirmation that differs, on confirmPassword', () => {
    const result = ChangePasswordFormSchema.safeParse({
      oldPassword: 'secret1',
      newPassword: 'secret22',
      confirmPassword: 'secret23',
    });
    expect(result.error?.issues[0]?.path).toEqual(['confirmPassword']);
  });
  it('accepts Arabic usernames and refuses invisible characters', () => {
    expect(UsernameSchema.safeParse('قارئ_نهم').success).toBe(true);
    expect(UsernameSchema.safeParse('re\u200bader').success).toBe(false);
    expect(UsernameSchema.safeParse('ali\u202Eevil').success).toBe(false);
  });
  it('normalises usernames with NFKC and refuses names that mix scripts, in Arabic', () => {
    expect(UsernameSchema.parse('ａｄｍｉｎ')).toBe('admin');
    expect(UsernameSchema.parse('ｑａｒｉ_١٢')).toBe('qari_١٢');
    for (const lookalike of ['\u0430dmin', '\u043ewner', 'p\u0430yp\u0430l', 'admin\u03bf', 'علي_ali']) {
      const result = UsernameSchema.safeParse(lookalike);
      expect([lookalike, result.error?.issues[0]?.message]).toEqual([
        lookalike,
        MESSAGES.usernameMixedScripts,
      ]);
    }
    for (const fine of ['قارئ_نهم', 'reader_42', 'علي.٢٠٢٥', 'Иван', 'Ελένη', 'owner']) {
      expect([fine, UsernameSchema.safeParse(fine).success]).toEqual([fine, true]);
    }
  });
  it('normalises e-mail case', () => {
    expect(EmailSchema.parse(' Reader@Example.COM ')).toBe('reader@example.com');
  });
});
