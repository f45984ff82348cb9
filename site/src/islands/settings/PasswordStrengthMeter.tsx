import { PASSWORD_CRITERIA, passwordStrength } from '@warraq/contracts/browser';
import { fmt, t } from '@/i18n';

export interface PasswordStrengthMeterProps {
  password: string;
}

/** Spec §5: five criteria, 20 % each, each shown met or unmet. */
export function PasswordStrengthMeter({ password }: PasswordStrengthMeterProps) {
  const { percent, met } = passwordStrength(password);
  const tone = percent >= 80 ? 'progress-success' : percent >= 40 ? 'progress-warning' : 'progress-error';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-sm">
        <span id="password-strength-label">{t.settings.password.strength}</span>
        <span>{fmt(t.settings.password.strengthValue, { percent })}</span>
      </div>
      <progress
        className={`progress w-full ${tone}`}
        value={percent}
        max={100}
        aria-labelledby="password-strength-label"
      />
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {PASSWORD_CRITERIA.map((criterion) => (
          <li key={criterion.id} className={met[criterion.id] ? 'text-success' : 'text-base-content/60'}>
            <span aria-hidden="true">{met[criterion.id] ? '✓' : '○'}</span>{' '}
            <span>{fmt(criterion.label)}</span>{' '}
            <span className="sr-only">
              ({met[criterion.id] ? t.settings.password.met : t.settings.password.unmet})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
