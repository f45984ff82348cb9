import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { z } from 'zod';
import { LANGUAGES, LanguageSchema, NUMERALS, NumeralsSchema, THEMES, ThemeSchema } from '@warraq/contracts';
import { savePreferences } from '@/lib/api/users';
import { $theme, applyTheme } from '@/stores/theme';
import { rememberNumerals } from '@/stores/numerals';
import { showToast } from '@/stores/toasts';
import { t } from '@/i18n';
import { useHydrated } from '@/ui/use-hydrated';

const PreferencesFormSchema = z.object({
  theme: ThemeSchema,
  language: LanguageSchema,
  numerals: NumeralsSchema,
});
type PreferencesValues = z.infer<typeof PreferencesFormSchema>;

export interface PreferencesFormProps {
  userId: number;
  theme: PreferencesValues['theme'];
  language: PreferencesValues['language'];
  numerals: PreferencesValues['numerals'];
}

/**
 * Theme, language and numerals → POST /api/users/{id}/preferences; the theme applies at once, other
 * numerals by reloading the page (it is written in one system from its first paint).
 */
export default function PreferencesForm({ userId, theme, language, numerals }: PreferencesFormProps) {
  const hydrated = useHydrated();
  const currentTheme = useStore($theme);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { isSubmitting },
  } = useForm<PreferencesValues>({
    resolver: zodResolver(PreferencesFormSchema),
    defaultValues: { theme, language, numerals },
  });

  // The header's theme switcher saves too; keep this form in step with it.
  useEffect(() => {
    if (hydrated) setValue('theme', currentTheme);
  }, [currentTheme, hydrated, setValue]);

  async function handleSave(values: PreferencesValues) {
    try {
      const answer = await savePreferences(userId, values);
      applyTheme(answer.preferences.theme);
      if (rememberNumerals(answer.preferences.numerals)) {
        window.location.reload();
        return;
      }
      showToast({ title: t.settings.preferences.success });
    } catch (error) {
      showToast({
        title: t.settings.preferences.failed,
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  }

  return (
    <form method="post" className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(handleSave)}>
      <fieldset className="fieldset">
        <legend className="fieldset-legend text-base">{t.settings.preferences.theme}</legend>
        <div className="flex flex-wrap gap-4">
          {THEMES.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2">
              <input type="radio" className="radio radio-sm" value={value} {...register('theme')} />
              <span>{t.theme[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="fieldset" aria-describedby="preferences-numerals-hint">
        <legend className="fieldset-legend text-base">{t.settings.preferences.numerals}</legend>
        <p id="preferences-numerals-hint" className="text-sm text-base-content/70">
          {t.settings.preferences.numeralsHint}
        </p>
        <div className="flex flex-wrap gap-4">
          {NUMERALS.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2">
              <input type="radio" className="radio radio-sm" value={value} {...register('numerals')} />
              <span>{t.settings.preferences.numeralSystems[value]}</span>
              {/* The sample shows each system's own digits, whatever the page's numerals. */}
              <span className="text-base-content/70" data-keep-digits="" aria-hidden="true">
                ({t.settings.preferences.numeralSamples[value]})
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor="preferences-language" className="font-semibold">
          {t.settings.preferences.language}
        </label>
        <select id="preferences-language" className="select w-full max-w-xs" {...register('language')}>
          {LANGUAGES.map((value) => (
            <option key={value} value={value}>
              {t.settings.preferences.languages[value]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary self-start" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? t.common.saving : t.settings.preferences.submit}
      </button>
    </form>
  );
}
