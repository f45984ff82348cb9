/**
 * Spec §5 strength meter: five criteria, 20 percent each. The labels name the Latin letters in
 * Arabic words rather than showing «A-Z» (issue 15: no Latin text in the Arabic interface); the
 * case criteria are about Latin letters only, since Arabic script has no case.
 */
export const PASSWORD_CRITERIA = [
  { id: 'length', label: '٨ أحرف على الأقل', test: (p: string) => p.length >= 8 },
  { id: 'uppercase', label: 'حرف لاتيني كبير', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'حرف لاتيني صغير', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'رقم', test: (p: string) => /\p{Nd}/u.test(p) },
  { id: 'special', label: 'رمز خاص (!@#…)', test: (p: string) => /[^\p{L}\p{Nd}\s]/u.test(p) },
] as const;

export type PasswordCriterionId = (typeof PASSWORD_CRITERIA)[number]['id'];

export interface PasswordStrength {
  percent: number;
  met: Record<PasswordCriterionId, boolean>;
}

export function passwordStrength(password: string): PasswordStrength {
  const met = Object.fromEntries(PASSWORD_CRITERIA.map((c) => [c.id, c.test(password)])) as Record<
    PasswordCriterionId,
    boolean
  >;
  const count = Object.values(met).filter(Boolean).length;
  return { percent: count * 20, met };
}
