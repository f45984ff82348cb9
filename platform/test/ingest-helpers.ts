import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  type ChapterUploadResponse,
  type CreateChapterUploadBody,
  type IngestState,
  type UploadMethod,
  INGEST_ROUTES,
  routePath,
} from '@warraq/contracts';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { loadConfig } from '../src/config/app-config';
import { WorkerModule } from '../src/worker.module';
import { makePageJpeg, makePagePng } from '@warraq/test-media';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newUser } from './factories/user.factory';
import type { TestApp } from './test-app';

export interface TestFile {
  name: string;
  type: string;
  bytes: Buffer;
}

type Api = { api: TestApp['api'] };

/** Small, distinct JPEG pages (page n draws differently from page m). */
export async function jpegPages(count: number, size = { width: 240, height: 360 }): Promise<Buffer[]> {
  return Promise.all(Array.from({ length: count }, (_, n) => makePageJpeg(n + 1, size)));
}

export async function pngPage(n: number, size = { width: 240, height: 360 }): Promise<Buffer> {
  return makePagePng(n, size);
}

export function imageFile(name: string, bytes: Buffer, type = 'image/jpeg'): TestFile {
  return { name, type, bytes };
}

export function zipFile(bytes: Buffer, name = 'chapter.zip'): TestFile {
  return { name, type: 'application/zip', bytes };
}

export function declareBody(
  mangaId: number,
  method: UploadMethod,
  files: readonly TestFile[],
  extra: Partial<CreateChapterUploadBody> = {},
): CreateChapterUploadBody {
  return {
    mangaId,
    chapterNumber: 1,
    language: 'AR',
    uploadMethod: method,
    files: files.map((f) => ({ name: f.name, size: f.bytes.length, type: f.type })),
    ...extra,
  };
}

export function declare(app: Api, cookie: string, body: unknown) {
  return app
    .api()
    .post(routePath(INGEST_ROUTES.declare))
    .set('Origin', BROWSER_ORIGIN)
    .set('Cookie', cookie)
    .send(body as object);
}

export function putFile(app: Api, cookie: string, id: string, index: number, bytes: Buffer) {
  return app
    .api()
    .put(routePath(INGEST_ROUTES.file, { id: id, index: index }))
    .set('Origin', BROWSER_ORIGIN)
    .set('Cookie', cookie)
    .set('Content-Type', 'application/octet-stream')
    .send(bytes);
}

export function commit(app: Api, cookie: string, id: string) {
  return app
    .api()
    .post(routePath(INGEST_ROUTES.commit, { id: id }))
    .set('Origin', BROWSER_ORIGIN)
    .set('Cookie', cookie);
}

export function retry(app: Api, cookie: string, id: string) {
  return app
    .api()
    .post(routePath(INGEST_ROUTES.retry, { id: id }))
    .set('Origin', BROWSER_ORIGIN)
    .set('Cookie', cookie);
}

export function getStatus(app: Api, cookie: string, id: string) {
  return app
    .api()
    .get(routePath(INGEST_ROUTES.upload, { id: id }))
    .set('Cookie', cookie);
}

/** Declares, sends every file and returns the upload id (commit is left to the test). */
export async function declareAndSend(
  app: Api,
  cookie: string,
  mangaId: number,
  method: UploadMethod,
  files: TestFile[],
  extra: Partial<CreateChapterUploadBody> = {},
): Promise<string> {
  const declared = await declare(app, cookie, declareBody(mangaId, method, files, extra));
  if (declared.status !== 201)
    throw new Error(`declare: ${declared.status} ${JSON.stringify(declared.body)}`);
  const id = (declared.body as ChapterUploadResponse).upload.id;
  for (const [index, file] of files.entries()) {
    const res = await putFile(app, cookie, id, index, file.bytes);
    if (res.status !== 200) throw new Error(`file ${index}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return id;
}

/** Declares, sends and commits; returns the upload id once the commit answered 202. */
export async function uploadChapter(
  app: Api,
  cookie: string,
  mangaId: number,
  method: UploadMethod,
  files: TestFile[],
  extra: Partial<CreateChapterUploadBody> = {},
): Promise<string> {
  const id = await declareAndSend(app, cookie, mangaId, method, files, extra);
  const committed = await commit(app, cookie, id);
  if (committed.status !== 202)
    throw new Error(`commit: ${committed.status} ${JSON.stringify(committed.body)}`);
  return id;
}

export interface UploadRecord {
  state: IngestState;
  processed: number;
  total: number | null;
  chapter_id: number | null;
  failure: { code: string; message: string; file: string | null } | null;
}

export async function uploadRecord(t: TestApp, id: string): Promise<UploadRecord | null> {
  const rows = await t.orm.em
    .fork()
    .getConnection()
    .execute<UploadRecord[]>(
      'select state, processed, total, chapter_id, failure from chapter_upload where id = ?',
      [id],
    );
  return rows[0] ?? null;
}

/** Polls the upload's row until `until` holds (or fails after `timeoutMs`). */
export async function waitForUpload(
  t: TestApp,
  id: string,
  until: (record: UploadRecord) => boolean,
  timeoutMs = 30_000,
): Promise<UploadRecord> {
  const deadline = Date.now() + timeoutMs;
  let last: UploadRecord | null = null;
  while (Date.now() < deadline) {
    last = await uploadRecord(t, id);
    if (last && until(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`upload ${id} did not reach the expected state; last: ${JSON.stringify(last)}`);
}

export const settled = (r: UploadRecord) => r.state === 'done' || r.state === 'failed';

/**
 * Whether the upload's folder is gone, waiting for it: the worker settles the row first and removes
 * the files just after, so a test that saw the state change may look before the removal.
 */
export async function uploadFolderGone(t: TestApp, id: string, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (existsSync(join(t.config.ingest.dir, id))) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** Test timings: a dead worker's chapter is picked up within seconds, not a minute. */
export const FAST_WORKER_ENV: Record<string, string> = {
  WARRAQ_INGEST_LOCK_MS: '3000',
  WARRAQ_INGEST_STALLED_INTERVAL_MS: '1000',
  WARRAQ_INGEST_BACKOFF_MS: '200',
  WARRAQ_INGEST_RECONCILE_MS: '1000',
};

/** A worker inside the test process, on the app's database, Redis prefix and data folder. */
export async function startWorker(
  t: TestApp,
  env: Record<string, string> = {},
): Promise<INestApplicationContext> {
  const config = loadConfig(
    { ...t.env, ...FAST_WORKER_ENV, WARRAQ_INSTANCE_ID: `${t.config.instanceId}-worker`, ...env },
    {},
  );
  return NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: ['error'] });
}

const ROOT = join(__dirname, '..', '..');
const WORKER_ENTRY = join(ROOT, 'platform', 'dist', 'worker.js');

export interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

/** The built worker (`platform/dist/worker.js`) as its own process, as production runs it. */
export function spawnWorker(t: TestApp, env: Record<string, string> = {}): WorkerProcess {
  if (!existsSync(WORKER_ENTRY)) {
    throw new Error(
      'platform/dist/worker.js is missing: run `npx turbo run build --filter=@warraq/platform`',
    );
  }
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'node'), [WORKER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...t.env,
      ...FAST_WORKER_ENV,
      WARRAQ_INSTANCE_ID: `${t.config.instanceId}-w${process.hrtime.bigint()}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

/** Resolves once the spawned worker says it is running (a minute at most: a loaded machine starts it slowly). */
export async function workerReady(worker: WorkerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!worker.output().includes(' running (queues:')) {
    if (worker.child.exitCode !== null) throw new Error(`worker exited early:\n${worker.output()}`);
    if (Date.now() > deadline) throw new Error(`worker not ready:\n${worker.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface OpenSocket {
  ws: WebSocket;
  /** Every JSON frame received so far. */
  frames: unknown[];
}

/** Opens /ws with a session cookie and records every frame. */
export function openSocket(t: TestApp, cookie: string): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${t.port}/ws`, {
      headers: { Cookie: cookie, Origin: BROWSER_ORIGIN },
    });
    const frames: unknown[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as unknown));
    ws.once('open', () => resolve({ ws, frames }));
    ws.once('error', reject);
  });
}

export async function closeSocket(ws: WebSocket): Promise<void> {
  if (ws.readyState === WebSocket.CLOSED) return;
  await new Promise<void>((resolve) => {
    ws.once('close', () => resolve());
    ws.close();
  });
}

/** The people of an upload test, signed in: the uploader, another reader and a moderator. */
export async function uploaderCast(t: TestApp) {
  const [uploader, other, moderator] = await Promise.all([
    newUser(t.orm),
    newUser(t.orm),
    newUser(t.orm, { role: 'moderator' }),
  ]);
  const [cookie, otherCookie, moderatorCookie] = await Promise.all([
    signIn(t, uploader),
    signIn(t, other),
    signIn(t, moderator),
  ]);
  return { uploader, other, moderator, cookie, otherCookie, moderatorCookie };
}
