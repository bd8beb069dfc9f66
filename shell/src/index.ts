// Shared modules are negotiated before any app code runs, hence the asynchronous boundary.
// The largest libraries are evaluated one task each, so that starting the app does not hold the
// main thread in one long task while the visitor is reading the drawn page.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void (async () => {
  for (const load of [
    () => import('react-dom/client'),
    () => import('@lending/platform'),
    () => import('@lending/ui'),
  ]) {
    await load();
    await nextTask();
  }
  await import('./bootstrap');
})();
