import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isCodeLoadError, pageReload, RouteError } from './route-error';

/** A router whose one screen's code fails to load with `error`, as the app's routers are built. */
function openScreen(error: Error) {
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouteError />,
        children: [
          {
            path: '/payment',
            lazy: async () => {
              throw error;
            },
          },
        ],
      },
    ],
    { initialEntries: ['/payment'] },
  );
  render(<RouterProvider router={router} />);
}

const staleChunk = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/payment-page-Old999.js');

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  reload = vi.spyOn(pageReload, 'run').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("a screen whose code does not load (a tab opened before a deploy, React Router's lazy route)", () => {
  it('reloads the page once, which brings the new version and opens the screen', async () => {
    openScreen(staleChunk());
    expect(await screen.findByRole('heading', { name: 'Updating the app…' })).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says so with a Reload button when the reload just happened and did not help', async () => {
    sessionStorage.setItem('dbo.reloadedForCode', String(Date.now() - 5_000));
    openScreen(staleChunk());
    expect(await screen.findByRole('heading', { name: 'This screen could not load' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/updated/);
    expect(reload).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload without signal: the reload would show the browser offline page', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    openScreen(staleChunk());
    expect(await screen.findByRole('heading', { name: 'This screen could not load' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/no connection/);
    expect(reload).not.toHaveBeenCalled();
  });

  it('names any other failure plainly and does not reload by itself', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broke = new Error('Cannot read properties of undefined');
    openScreen(broke);
    expect(await screen.findByRole('heading', { name: 'Sorry, something went wrong!' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    // the error stays findable in the console
    expect(logged).toHaveBeenCalledWith(broke);
  });

  it("knows the browsers' words for a module that did not load", () => {
    expect(isCodeLoadError(staleChunk())).toBe(true);
    expect(isCodeLoadError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
    expect(isCodeLoadError(new TypeError('error loading dynamically imported module: x.js'))).toBe(true); // Firefox
    expect(isCodeLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true); // Vite
    expect(isCodeLoadError(new Error('Request failed'))).toBe(false);
  });
});
