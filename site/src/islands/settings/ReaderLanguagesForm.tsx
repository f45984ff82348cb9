import { useEffect, useState, type FormEvent } from 'react';
import { CHAPTER_LANGUAGES, chapterLanguageName, type ChapterLanguage } from '@warraq/contracts/browser';
import { t } from '@/i18n';
import { failureMessage } from '@/lib/api/api-error';
import { fetchReaderLanguages, saveReaderLanguages } from '@/lib/api/follows';
import { showToast } from '@/stores/toasts';
import { LoadError, LoadingLine } from '@/ui/LoadState';

const text = t.readerLanguages;

/** The chapter languages the updates feed and new-chapter notifications keep (none chosen: all). */
export default function ReaderLanguagesForm() {
  const [chosen, setChosen] = useState<ChapterLanguage[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function load() {
    setFailed(null);
    fetchReaderLanguages()
      .then(setChosen)
      .catch((error: unknown) => setFailed(failureMessage(error)));
  }
  useEffect(load, []);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setSaving(true);
    try {
      setChosen(await saveReaderLanguages(chosen));
      showToast({ title: text.saved });
    } catch (error) {
      showToast({ title: failureMessage(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  if (failed) return <LoadError message={failed} onRetry={load} />;
  if (!chosen) return <LoadingLine label={t.updates.loading} />;
  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit}>
      <fieldset className="fieldset">
        <legend className="fieldset-legend text-base">{text.heading}</legend>
        <p className="text-sm text-base-content/70">{text.hint}</p>
        <div className="flex flex-wrap gap-4">
          {CHAPTER_LANGUAGES.map((language) => (
            <label key={language} className="label cursor-pointer gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                name="languages"
                value={language}
                checked={chosen.includes(language)}
                onChange={(event) =>
                  setChosen(
                    event.target.checked ? [...chosen, language] : chosen.filter((item) => item !== language),
                  )
                }
              />
              <span>{chapterLanguageName(language)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="btn btn-primary self-start" disabled={saving}>
        {text.save}
      </button>
    </form>
  );
}
