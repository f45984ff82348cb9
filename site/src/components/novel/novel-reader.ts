import type { NovelReaderSettings } from '@warraq/contracts';
import {
  applySetting,
  GUEST_SETTINGS_KEY,
  guestPositionKey,
  readingPercent,
  SETTING_KINDS,
  topmostBlock,
} from '@/lib/novel/reader-settings';
import { $pageState } from '@/stores/page-state';
import { showToast } from '@/stores/toasts';
import { fmt, formatNumber, t } from '@/i18n';

/**
 * The API clients (and the schemas they read answers with) load only for a signed-in reader, who
 * saves to the server, and start loading as the reader starts, so a save on leaving finds them ready;
 * a guest's settings and position stay in this browser and load none of it.
 */
let apiClients: Promise<[typeof import('@/lib/api/content'), typeof import('@/lib/api/users')]> | null = null;
const loadApiClients = () =>
  (apiClients ??= Promise.all([import('@/lib/api/content'), import('@/lib/api/users')]));

/** The position is saved once scrolling has settled this long (and at once when the page goes). */
const POSITION_DELAY_MS = 1200;
/** Settings are saved once a slider has settled. */
const SETTINGS_DELAY_MS = 700;
/** A tap on this share of the text's width at either side turns the screen. */
const TAP_ZONE = 0.25;

/** Set once Amiri has loaded in this tab (sessionStorage; read by src/boot/theme-boot.js). */
const FACES_SEEN_KEY = 'warraq:novel-faces';

type SettingKey = keyof NovelReaderSettings;

function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode): nothing remembered
  }
}

function storageSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage refused: the setting still applies to this page
  }
}

/** The settings as the article shows them now (rendered by the server, or by the boot script). */
function currentSettings(article: HTMLElement): NovelReaderSettings {
  const style = article.style;
  return {
    font: article.getAttribute('data-nr-font'),
    theme: article.getAttribute('data-nr-theme'),
    align: article.getAttribute('data-nr-align'),
    size: Number(style.getPropertyValue('--nr-size')),
    lineHeight: Number(style.getPropertyValue('--nr-lineHeight')),
    width: Number(style.getPropertyValue('--nr-width')),
  } as NovelReaderSettings;
}

function settingsPanel(root: HTMLElement, article: HTMLElement, userId: number | null): void {
  const panel = root.querySelector<HTMLElement>('[data-nr-settings]');
  const form = root.querySelector<HTMLFormElement>('[data-nr-form]');
  if (!panel || !form) return;
  const settings = currentSettings(article);
  const showValue = (key: SettingKey) => {
    const output = form.querySelector(`[data-nr-output="${key}"]`);
    if (output) output.textContent = formatNumber(settings[key] as number);
  };
  for (const key of Object.keys(SETTING_KINDS) as SettingKey[]) {
    const control = form.elements.namedItem(key);
    if (
      control instanceof RadioNodeList ||
      control instanceof HTMLInputElement ||
      control instanceof HTMLSelectElement
    )
      control.value = String(settings[key]);
    if (typeof settings[key] === 'number') showValue(key);
  }

  let changed: Partial<NovelReaderSettings> = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    storageSet(GUEST_SETTINGS_KEY, JSON.stringify(settings));
    if (userId === null || Object.keys(changed).length === 0) return;
    const body = changed;
    changed = {};
    loadApiClients()
      .then(([, users]) => users.savePreferences(userId, { novelReader: body }, { keepalive: true }))
      .catch(() => showToast({ title: t.novelReader.saveFailed, variant: 'destructive' }));
  };
  form.addEventListener('input', (event) => {
    const control = event.target as HTMLInputElement | HTMLSelectElement;
    const key = control.name as SettingKey;
    if (!(key in SETTING_KINDS)) return;
    const value = typeof settings[key] === 'number' ? Number(control.value) : control.value;
    Object.assign(settings, { [key]: value });
    Object.assign(changed, { [key]: value });
    applySetting(article, key, value as NovelReaderSettings[SettingKey]);
    // A face picked before the faces were let in loads now.
    if (key === 'font') void linkFaces(article);
    if (typeof value === 'number') showValue(key);
    clearTimeout(timer);
    timer = setTimeout(save, SETTINGS_DELAY_MS);
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  window.addEventListener('pagehide', () => {
    if (timer !== undefined) save();
  });
}

let facesLinked: Promise<void> | null = null;

/**
 * Links the faces' stylesheet (lib/novel/novel-fonts.ts; named by the article) once, resolved when it
 * is in (or failed: the fallbacks stay), and notes in this tab when Amiri's files have loaded.
 */
function linkFaces(article: HTMLElement): Promise<void> {
  facesLinked ??= new Promise<void>((resolve) => {
    const href = article.dataset.nrFaces;
    if (!href) return resolve();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    document.head.append(link);
  }).then(() => {
    // A reader of another face fetches no Amiri for the note.
    if (article.dataset.nrFont !== 'amiri') return;
    void document.fonts.load('1em Amiri', 'ع').then((faces) => {
      if (faces.length === 0) return;
      try {
        sessionStorage.setItem(FACES_SEEN_KEY, '1');
      } catch {
        // Storage refused: the next chapter shows the fallback first too.
      }
    });
  });
  return facesLinked;
}

/**
 * Resolves once the article is drawn in the face it will keep: at once for Amiri, whose fallback has
 * its widths; the other two move lines when their files replace the system's face, so they are linked
 * and loaded first (a position restored before that would slide off the reader's paragraph).
 */
function finalFace(article: HTMLElement): Promise<unknown> {
  if (article.dataset.nrFont === 'amiri') return Promise.resolve();
  return linkFaces(article).then(() =>
    document.fonts.load(`1em ${getComputedStyle(article).fontFamily}`, 'ع'),
  );
}

/**
 * Lets the faces load. The reader starts once the article's first paragraph has been shown in Amiri's
 * fallback (novel-reader-entry.ts): fetched at layout instead, Amiri's 128 KB raced that paint, and on
 * a slow link the page waited for them (issue 15). The fallback has Amiri's widths, so the swap moves
 * no line.
 */
function releaseFaces(article: HTMLElement): void {
  article.removeAttribute('data-nr-faces-wait');
  void linkFaces(article);
}

/**
 * The text reader's behaviour on top of the server-rendered chapter (components/novel/NovelChapter.astro).
 * A chapter rendered for its reader carries their settings, position and account; a public document
 * (the same HTML for everyone, with this browser's settings applied before paint) waits for the page
 * state to bring them: the settings saved to the account win (from another device too), and the
 * position saved in this chapter is where it opens.
 */
/** The chapter list opens with the open chapter in the middle of its scrolling box, not at its top. */
function centreChapterList(root: HTMLElement): void {
  const details = root.querySelector<HTMLDetailsElement>('details[data-nr-chapters]');
  if (!details) return;
  const centre = () => {
    const list = details.querySelector<HTMLElement>('ol');
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!details.open || !list || !current) return;
    const offset = current.getBoundingClientRect().top - list.getBoundingClientRect().top;
    list.scrollTop += offset - (list.clientHeight - current.offsetHeight) / 2;
  };
  details.addEventListener('toggle', centre);
  // Opened before the reader's script came (it loads after the text is shown).
  centre();
}

export function startNovelReader(): void {
  const root = document.querySelector<HTMLElement>('[data-novel-reader]');
  const article = root?.querySelector<HTMLElement>('.novel-article');
  if (!root || !article) return;
  releaseFaces(article);
  centreChapterList(root);
  if (document.documentElement.dataset.pageState === undefined) {
    startReading(root, article, root.dataset.userId ? Number(root.dataset.userId) : null);
    return;
  }
  const stop = $pageState.subscribe((state) => {
    if (!state.ready) return;
    queueMicrotask(() => stop());
    const viewer = state.viewer;
    if (viewer) {
      for (const key of Object.keys(SETTING_KINDS) as SettingKey[]) {
        applySetting(article, key, viewer.novelReader[key]);
      }
      storageSet(GUEST_SETTINGS_KEY, JSON.stringify(viewer.novelReader));
    }
    const progress = state.series?.progress;
    if (viewer && progress?.chapterId === Number(root.dataset.chapterId) && progress.paragraph !== null) {
      article.dataset.resume = String(progress.paragraph);
    }
    startReading(root, article, viewer?.id ?? null);
  });
}

function startReading(root: HTMLElement, article: HTMLElement, userId: number | null): void {
  const contentId = Number(root.dataset.contentId);
  const chapterId = Number(root.dataset.chapterId);
  // The text's blocks, in order: each is a child of the article with the id `p-<index>`.
  const blocks = Array.from(article.querySelectorAll<HTMLElement>(':scope > [id^="p-"]'));
  const next = root.querySelector<HTMLAnchorElement>('a[rel="next"]');
  const prev = root.querySelector<HTMLAnchorElement>('a[rel="prev"]');
  if (userId !== null) void loadApiClients();
  settingsPanel(root, article, userId);
  for (const hint of root.querySelectorAll<HTMLElement>('[data-nr-hint]')) hint.hidden = false;

  // Progress: the bar and its number show one value, the share of the text read.
  const progress = root.querySelector<HTMLElement>('[data-nr-progress]');
  const track = progress?.querySelector<HTMLElement>('[role="progressbar"]');
  const fill = progress?.querySelector<HTMLElement>('.novel-progress-fill');
  const percentText = progress?.querySelector<HTMLElement>('[data-nr-percent]');
  if (progress) progress.hidden = false;
  // The reading line: where a block scrolled "to the top" lands, under the sticky header.
  const readingLine = () =>
    blocks[0] ? Number.parseFloat(getComputedStyle(blocks[0]).scrollMarginTop) || 0 : 0;
  const topBlock = () =>
    topmostBlock(blocks.length, (i) => blocks[i]!.getBoundingClientRect().top, readingLine() + 1);

  let saved = -1;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const savePosition = () => {
    clearTimeout(saveTimer);
    saveTimer = undefined;
    const paragraph = topBlock();
    if (paragraph === saved) return;
    saved = paragraph;
    root.dataset.position = String(paragraph);
    if (userId === null) {
      storageSet(guestPositionKey(chapterId), String(paragraph));
      return;
    }
    loadApiClients()
      .then(([content]) => content.saveProgress({ contentId, chapterId, page: 0, paragraph }))
      .catch(() => {
        saved = -1; // try again on the next move
      });
  };
  const update = () => {
    const box = article.getBoundingClientRect();
    const percent = readingPercent(box.top, box.height, window.innerHeight);
    if (fill) fill.style.inlineSize = `${percent}%`;
    track?.setAttribute('aria-valuenow', String(percent));
    if (percentText)
      percentText.textContent = fmt(t.novelReader.progressValue, { percent: formatNumber(percent) });
  };
  let frame = 0;
  window.addEventListener(
    'scroll',
    () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          update();
        });
      clearTimeout(saveTimer);
      saveTimer = setTimeout(savePosition, POSITION_DELAY_MS);
    },
    { passive: true },
  );
  window.addEventListener('pagehide', () => {
    if (saveTimer !== undefined) savePosition();
  });

  // Resume: a link's own #p-N wins; else the server's position (any device), else this browser's.
  const stored = userId === null ? storageGet(guestPositionKey(chapterId)) : null;
  const resumeAt = Number(article.dataset.resume ?? stored ?? Number.NaN);
  void finalFace(article)
    .then(() => document.fonts?.ready)
    .then(() => {
      if (!location.hash && Number.isInteger(resumeAt) && blocks[resumeAt]) {
        blocks[resumeAt]!.scrollIntoView({ block: 'start' });
        saved = resumeAt;
        root.dataset.position = String(resumeAt);
      }
      root.querySelector<HTMLElement>('[data-nr-resume-link]')?.setAttribute('hidden', '');
      root.dataset.ready = '';
      update();
    });

  const go = (link: HTMLAnchorElement | null) => {
    if (!link) return false;
    savePosition();
    location.assign(link.href);
    return true;
  };
  const atEnd = () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
  // Arabic reads right to left: the left arrow goes forward (next chapter), the right one back.
  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, select, textarea, [contenteditable], dialog')) return;
    const forward =
      event.key === 'ArrowLeft' || (event.key === 'PageDown' && atEnd())
        ? true
        : event.key === 'ArrowRight' || (event.key === 'PageUp' && window.scrollY <= 0)
          ? false
          : null;
    if (forward !== null && go(forward ? next : prev)) event.preventDefault();
  });

  // A touch on the text's left edge turns forward a screen (its right edge back); past the end of
  // the chapter it opens the next one. Mouse clicks are left to select text.
  article.addEventListener('click', (event) => {
    if ((event as PointerEvent).pointerType === 'mouse') return;
    if ((event.target as HTMLElement).closest('a, button') || getSelection()?.toString()) return;
    const box = article.getBoundingClientRect();
    const x = (event.clientX - box.left) / box.width;
    const step = window.innerHeight * 0.85;
    if (x < TAP_ZONE) {
      if (atEnd()) go(next);
      else window.scrollBy({ top: step });
    } else if (x > 1 - TAP_ZONE) {
      if (window.scrollY <= 0) go(prev);
      else window.scrollBy({ top: -step });
    }
  });
}
