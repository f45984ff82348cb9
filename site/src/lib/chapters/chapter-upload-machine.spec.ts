import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { INGEST_MESSAGES, type ChapterUpload } from '@warraq/contracts';
import { ApiError } from '@/lib/api/api-error';
import { UploadAbortedError } from '@/lib/api/xhr-upload';
import type { ShowToastInput } from '@/stores/toasts';
import { t } from '@/i18n';
import { EMPTY_CHAPTER_FORM } from './chapter-form';
import {
  ChapterUploadMachine,
  POLL_WITHOUT_SOCKET_MS,
  POLL_WITH_SOCKET_MS,
  SUCCESS_REDIRECT_DELAY_MS,
  isSending,
  pageCount,
  type ChapterUploadPorts,
} from './chapter-upload-machine';

const ID = '0b6f5a52-3f0c-4b8a-9a51-3c1f2d9e7a10';
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

function upload(patch: Partial<ChapterUpload> = {}): ChapterUpload {
  return {
    id: ID,
    state: 'receiving',
    uploadMethod: 'images',
    mangaId: 7,
    mangaSlug: 'tower',
    chapterNumber: 3,
    language: 'AR',
    files: [],
    processed: 0,
    total: null,
    chapterId: null,
    chapterPath: null,
    failure: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...patch,
  };
}

const image = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const VALUES = { ...EMPTY_CHAPTER_FORM, mangaId: '7', chapterNumber: '3' };

interface Send {
  index: number;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The machine with every port faked: file sends wait until the test settles them. */
function harness() {
  const sends: Send[] = [];
  const progressListeners = new Set<(upload: ChapterUpload) => void>();
  const reconnectListeners = new Set<() => void>();
  const toasts: ShowToastInput[] = [];
  let socketOpen = false;
  const ports = {
    declare: jest.fn<ChapterUploadPorts['declare']>(() => Promise.resolve({ upload: upload() })),
    sendFile: jest.fn<ChapterUploadPorts['sendFile']>(
      (options) =>
        new Promise((resolve, reject) => {
          sends.push({ ...options, resolve, reject });
        }),
    ),
    commit: jest.fn<ChapterUploadPorts['commit']>(() =>
      Promise.resolve({ upload: upload({ state: 'queued', updatedAt: at(1) }) }),
    ),
    fetch: jest.fn<ChapterUploadPorts['fetch']>(() =>
      Promise.resolve({ upload: upload({ state: 'queued' }) }),
    ),
    retry: jest.fn<ChapterUploadPorts['retry']>(() =>
      Promise.resolve({ upload: upload({ state: 'queued', updatedAt: at(9) }) }),
    ),
    abandon: jest.fn<ChapterUploadPorts['abandon']>(() => Promise.resolve({})),
    onProgress: (listener: (upload: ChapterUpload) => void) => {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    onReconnect: (listener: () => void) => {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    socketOpen: () => socketOpen,
    toast: (toast: ShowToastInput) => {
      toasts.push(toast);
    },
    fieldErrors: jest.fn<ChapterUploadPorts['fieldErrors']>(),
    open: jest.fn<ChapterUploadPorts['open']>(),
    createPreview: (file: File) => `blob:${file.name}`,
    revokePreview: jest.fn<ChapterUploadPorts['revokePreview']>(),
  } satisfies ChapterUploadPorts;
  const machine = new ChapterUploadMachine(ports);
  return {
    machine,
    ports,
    sends,
    toasts,
    push: (news: ChapterUpload) => progressListeners.forEach((listener) => listener(news)),
    reconnect: () => reconnectListeners.forEach((listener) => listener()),
    setSocketOpen: (open: boolean) => {
      socketOpen = open;
    },
    listening: () => progressListeners.size,
    state: () => machine.state,
    file: (name: string) => machine.state.files.find((entry) => entry.file.name === name),
  };
}

/** Lets the machine's awaited calls run (fake timers leave promises alone). */
async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** Picks two pages, submits, and waits until both sends are under way. */
async function declared(h: ReturnType<typeof harness>) {
  h.machine.addFiles([image('p1.png', 3000), image('p2.png', 1000)]);
  const submitted = h.machine.submit(VALUES);
  await settle();
  // Wrapped: an async function returning the promise itself would wait for it.
  return { submitted };
}

/** Both files arrive; the commit answer is awaited. */
async function committed(h: ReturnType<typeof harness>) {
  const { submitted } = await declared(h);
  h.sends.forEach((send) => send.resolve({}));
  await submitted;
  await settle();
}

beforeEach(() => {
  jest.useFakeTimers({ now: Date.UTC(2026, 0, 1, 0, 0, 0) });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('ChapterUploadMachine', () => {
  it('declares the chapter with its files, then sends every file with the upload id', async () => {
    const h = harness();
    h.machine.addFiles([image('p1.png', 3000), image('p2.png', 1000)]);
    expect(h.state().files.map((entry) => [entry.file.name, entry.status, entry.previewUrl])).toEqual([
      ['p1.png', 'ready', 'blob:p1.png'],
      ['p2.png', 'ready', 'blob:p2.png'],
    ]);
    expect(pageCount(h.state())).toBe(2);

    void h.machine.submit(VALUES);
    expect(h.state().phase.kind).toBe('declaring');
    expect(isSending(h.state())).toBe(true);
    await settle();

    expect(h.ports.declare).toHaveBeenCalledWith(
      expect.objectContaining({
        mangaId: 7,
        chapterNumber: 3,
        pageCount: 2,
        uploadMethod: 'images',
        files: [
          { name: 'p1.png', size: 3000, type: 'image/png' },
          { name: 'p2.png', size: 1000, type: 'image/png' },
        ],
      }),
    );
    expect(h.state().phase).toEqual({ kind: 'uploading', upload: upload() });
    expect(h.sends.map((send) => send.index)).toEqual([0, 1]);
    expect(h.state().files.map((entry) => entry.status)).toEqual(['uploading', 'uploading']);
  });

  it('puts a refused declare on the form and the file area, and stays editable', async () => {
    const h = harness();
    h.ports.declare.mockRejectedValueOnce(
      new ApiError(400, 'بيانات غير صالحة', { chapterNumber: 'رقم مكرر', 'files.1.size': 'حجم خاطئ' }),
    );
    h.machine.addFiles([image('p1.png')]);
    await h.machine.submit(VALUES);
    expect(h.ports.fieldErrors).toHaveBeenCalledWith({
      chapterNumber: 'رقم مكرر',
      'files.1.size': 'حجم خاطئ',
    });
    expect(h.state().filesError).toBe('حجم خاطئ');
    expect(h.state().phase.kind).toBe('editing');
    expect(h.toasts.at(-1)).toMatchObject({ title: INGEST_MESSAGES.failed, description: 'بيانات غير صالحة' });
  });

  it('refuses to declare without files', async () => {
    const h = harness();
    await h.machine.submit(VALUES);
    expect(h.ports.declare).not.toHaveBeenCalled();
    expect(h.state().filesError).toBe(INGEST_MESSAGES.noFiles);
  });

  it("follows each file's bytes, marks a failed send, and sends only that file again on retry", async () => {
    const h = harness();
    const { submitted } = await declared(h);
    const [first, second] = h.sends as [Send, Send];
    first.onProgress(0.5);
    expect(h.file('p1.png')).toMatchObject({ status: 'uploading', progress: 0.5 });

    first.resolve({});
    second.reject(new ApiError(0, t.errors.network));
    await submitted;
    expect(h.file('p1.png')).toMatchObject({ status: 'success', progress: 1 });
    expect(h.file('p2.png')).toMatchObject({ status: 'error', error: t.errors.network, rejected: false });
    expect(h.state().phase.kind).toBe('uploading');
    expect(h.ports.commit).not.toHaveBeenCalled();
    expect(h.toasts.at(-1)).toMatchObject({ title: INGEST_MESSAGES.incomplete });

    const key = h.file('p2.png')?.key ?? '';
    const retried = h.machine.retryFile(key);
    await settle();
    expect(h.sends).toHaveLength(3);
    expect(h.sends[2]?.index).toBe(1);
    h.sends[2]?.resolve({});
    await retried;
    expect(h.ports.commit).toHaveBeenCalledWith(ID);
    expect(h.state().phase.kind).toBe('processing');
  });

  it('marks bytes the server refused as not worth sending again, with its reason', async () => {
    const h = harness();
    const { submitted } = await declared(h);
    h.sends[0]?.resolve({});
    h.sends[1]?.reject(new ApiError(415, 'نوع غير مدعوم', { file: 'ليست صورة' }));
    await submitted;
    expect(h.file('p2.png')).toMatchObject({ status: 'error', error: 'ليست صورة', rejected: true });
  });

  it('commits once every file is in, then shows processing progress pushed over the socket', async () => {
    const h = harness();
    await committed(h);
    expect(h.ports.commit).toHaveBeenCalledTimes(1);
    expect(h.state().phase).toMatchObject({ kind: 'processing', upload: { state: 'queued' } });
    expect(h.listening()).toBe(1);

    h.push(upload({ state: 'processing', processed: 1, total: 2, updatedAt: at(2) }));
    expect(h.state().phase).toMatchObject({ kind: 'processing', upload: { processed: 1, total: 2 } });
    expect(pageCount(h.state())).toBe(2);
    // Late or repeated news never moves the bar back.
    h.push(upload({ state: 'queued', processed: 0, updatedAt: at(1) }));
    expect(h.state().phase).toMatchObject({ upload: { processed: 1 } });
    // Another upload's news is not this one's.
    h.push(upload({ id: '7e0c4c1e-0000-4000-8000-000000000000', state: 'done', updatedAt: at(5) }));
    expect(h.state().phase.kind).toBe('processing');

    h.push(
      upload({
        state: 'done',
        processed: 2,
        total: 2,
        chapterPath: '/series/manga/tower/3',
        updatedAt: at(3),
      }),
    );
    expect(h.state().phase.kind).toBe('done');
    expect(h.listening()).toBe(0);
    expect(h.toasts.at(-1)).toMatchObject({ title: INGEST_MESSAGES.success });
    jest.advanceTimersByTime(SUCCESS_REDIRECT_DELAY_MS - 1);
    expect(h.ports.open).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(h.ports.open).toHaveBeenCalledWith('/series/manga/tower/3');
  });

  it('polls every 2 s while the socket is closed, every 10 s while open, and once on reconnect', async () => {
    const h = harness();
    await committed(h);
    h.ports.fetch.mockResolvedValue({
      upload: upload({ state: 'processing', processed: 1, total: 4, updatedAt: at(4) }),
    });
    jest.advanceTimersByTime(POLL_WITHOUT_SOCKET_MS);
    await settle();
    expect(h.ports.fetch).toHaveBeenCalledTimes(1);
    expect(h.state().phase).toMatchObject({ upload: { processed: 1, total: 4 } });

    h.setSocketOpen(true);
    jest.advanceTimersByTime(POLL_WITHOUT_SOCKET_MS);
    await settle();
    expect(h.ports.fetch).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(POLL_WITH_SOCKET_MS - 1);
    await settle();
    expect(h.ports.fetch).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(1);
    await settle();
    expect(h.ports.fetch).toHaveBeenCalledTimes(3);

    h.reconnect();
    await settle();
    expect(h.ports.fetch).toHaveBeenCalledTimes(4);
  });

  it('shows a processing failure on the file at fault, and retries processing on the kept files', async () => {
    const h = harness();
    await committed(h);
    h.push(
      upload({
        state: 'failed',
        updatedAt: at(4),
        failure: { code: 'corrupt_image', message: 'الصورة تالفة', file: 'p2.png' },
      }),
    );
    expect(h.state().phase.kind).toBe('failed');
    expect(h.file('p2.png')).toMatchObject({ status: 'error', error: 'الصورة تالفة', rejected: true });
    expect(h.toasts.at(-1)).toMatchObject({
      title: t.chapterForm.processingFailed,
      description: 'الصورة تالفة',
    });
    expect(h.listening()).toBe(0);

    await h.machine.retryProcessing();
    expect(h.ports.retry).toHaveBeenCalledWith(ID);
    expect(h.file('p2.png')).toMatchObject({ status: 'success', error: null, rejected: false });
    expect(h.state().phase).toMatchObject({ kind: 'processing', upload: { state: 'queued' } });
    expect(h.listening()).toBe(1);
  });

  it('keeps the files when the queue is down (503) and commits again on retry', async () => {
    const h = harness();
    h.ports.commit.mockRejectedValueOnce(new ApiError(503, ''));
    await committed(h);
    expect(h.state().phase).toMatchObject({
      kind: 'commitFailed',
      message: INGEST_MESSAGES.queueUnavailable,
    });
    const toast = h.toasts.at(-1);
    expect(toast).toMatchObject({
      title: t.chapterForm.commitFailed,
      action: { label: t.chapterForm.retry },
    });
    expect(h.state().files.every((entry) => entry.status === 'success')).toBe(true);

    toast?.action?.onClick();
    await settle();
    expect(h.ports.commit).toHaveBeenCalledTimes(2);
    expect(h.state().phase.kind).toBe('processing');
  });

  it('starts over: stops the sends, drops the declared upload, and keeps the files ready to send again', async () => {
    const h = harness();
    const { submitted } = await declared(h);
    h.sends[0]?.resolve({});
    await settle();
    h.machine.startOver();
    expect(h.sends[1]?.signal.aborted).toBe(true);
    h.sends[1]?.reject(new UploadAbortedError());
    await submitted;
    expect(h.ports.abandon).toHaveBeenCalledWith(ID);
    expect(h.ports.commit).not.toHaveBeenCalled();
    expect(h.state().phase.kind).toBe('editing');
    expect(h.state().files.map((entry) => [entry.status, entry.progress])).toEqual([
      ['ready', 0],
      ['ready', 0],
    ]);

    h.machine.removeFile(h.file('p1.png')?.key ?? '');
    expect(h.ports.revokePreview).toHaveBeenCalledWith('blob:p1.png');
    expect(h.state().files.map((entry) => entry.file.name)).toEqual(['p2.png']);
  });

  it('removing a file from a declared upload declares again on the next submit', async () => {
    const h = harness();
    const { submitted } = await declared(h);
    h.sends[0]?.resolve({});
    h.sends[1]?.reject(new ApiError(0, t.errors.network));
    await submitted;
    h.machine.removeFile(h.file('p2.png')?.key ?? '');
    expect(h.ports.abandon).toHaveBeenCalledWith(ID);
    expect(h.state().phase.kind).toBe('editing');
    expect(h.state().files.map((entry) => [entry.file.name, entry.status])).toEqual([['p1.png', 'ready']]);
  });
});
