import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** When the page last reloaded itself for a screen's code that would not load (sessionStorage). */
const RELOADED_AT = 'dbo.reloadedForCode';
/** One reload per this long: a screen whose code still fails after it shows the message instead. */
const RELOAD_GAP_MS = 30_000;

/** The page's own reload, a seam for the tests (jsdom cannot reload). */
export const pageReload = { run: () => window.location.reload() };

/**
 * A screen's code that did not load: the browser's words for a failed `import()` or a failed
 * preload of its files. A tab opened before a deploy asks for files the new build no longer has.
 */
export function isCodeLoadError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err ?? '');
  return /dynamically imported module|Importing a module script failed|Unable to preload|Failed to load module script|Loading chunk/i.test(
    message,
  );
}

/** Whether to reload: online, and not already reloaded for this in the last RELOAD_GAP_MS. */
function mayReload(): boolean {
  if (!navigator.onLine) return false;
  return Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) >= RELOAD_GAP_MS;
}

const box: React.CSSProperties = {
  maxWidth: 480,
  margin: '15vh auto 0',
  padding: '0 24px',
  textAlign: 'center',
  font: '16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  color: '#1f1f1f',
};
const button: React.CSSProperties = {
  marginTop: 16,
  minHeight: 44,
  padding: '8px 20px',
  font: 'inherit',
  borderRadius: 6,
  border: 0,
  background: '#8b1e3f',
  color: '#fff',
  cursor: 'pointer',
};

/**
 * The routers' error screen (the staff app's and the shop's). A screen whose code would not load
 * (the app was updated while this tab stayed open all day) reloads the page once, which brings the
 * new version and opens the screen asked for; without signal, or when that did not help, it says
 * so with a Reload button. Any other failure is named plainly, never React Router's developer page.
 * Plain elements, no Ant Design: the shop on a phone shows it too.
 */
export function RouteError() {
  const err = useRouteError();
  const code = isCodeLoadError(err);
  const reloading = code && mayReload();
  useEffect(() => {
    // a screen that broke: its error stays findable in the console (a deploy's missing file is not one)
    if (!code) console.error(err);
  }, [code, err]);
  useEffect(() => {
    if (!reloading) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    pageReload.run();
  }, [reloading]);

  const [title, text] = reloading
    ? ['Updating the app…', 'A new version is out: this page reloads to open it.']
    : code
      ? [
          'This screen could not load',
          navigator.onLine
            ? 'The app may have been updated. Reload the page to get the new version.'
            : 'There is no connection. Reload the page once you are back online.',
        ]
      : ['Sorry, something went wrong!', 'Reload the page to try again.'];
  return (
    <main style={box}>
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>{title}</h1>
      <p role={reloading ? 'status' : 'alert'}>{text}</p>
      {!reloading && (
        <button type="button" style={button} onClick={() => pageReload.run()}>
          Reload
        </button>
      )}
    </main>
  );
}
