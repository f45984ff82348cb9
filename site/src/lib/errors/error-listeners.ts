import type { ClientErrorSource } from '@warraq/contracts/browser';

type Report = (source: ClientErrorSource, thrown: unknown) => boolean;

/**
 * Listens for the page's uncaught errors and unhandled rejections and posts them to the platform. The
 * reporter (client-error-reporter.ts) is fetched with the first error: most page loads have none, and
 * every page loads this (issue 15).
 */
export function listenForErrors(target: Window = window): void {
  let reporter: Promise<Report> | undefined;
  const forward = (source: ClientErrorSource, thrown: unknown) => {
    reporter ??= import('./client-error-reporter').then(({ pageErrorReporter }) => pageErrorReporter(target));
    // A reporter that cannot load reports nothing (nor itself).
    reporter.then((report) => report(source, thrown)).catch(() => undefined);
  };
  target.addEventListener('error', (event) => {
    // Failed images and scripts fire plain Events here too; only ErrorEvents are thrown errors.
    if (!(event instanceof ErrorEvent)) return;
    forward('error', event.error ?? event.message);
  });
  target.addEventListener('unhandledrejection', (event) => {
    forward('unhandledrejection', event.reason);
  });
}
