import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserApis } from './test-dom';
import { LEAVE_MSG, UnsavedChangesGuard, useUnsavedChangesPrompt } from './unsaved-changes';

beforeAll(stubBrowserApis);
afterEach(cleanup);

/** A page with one field: typing makes it dirty; Save releases it and navigates like the builder. */
function Editor() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const { allowLeave } = useUnsavedChangesPrompt(text !== '');
  return (
    <>
      <label>
        Note
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button
        type="button"
        onClick={() => {
          allowLeave();
          navigate('/saved');
        }}
      >
        Save
      </button>
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <App>
            <UnsavedChangesGuard>
              <nav>
                <Link to="/other">Other page</Link>
              </nav>
              <Outlet />
            </UnsavedChangesGuard>
          </App>
        ),
        children: [
          { path: '/edit', element: <Editor /> },
          { path: '/other', element: <h1>Other</h1> },
          { path: '/saved', element: <h1>Saved</h1> },
        ],
      },
    ],
    { initialEntries: ['/start', '/edit'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const type = (value: string) => fireEvent.change(screen.getByLabelText('Note'), { target: { value } });

describe('useUnsavedChangesPrompt', () => {
  it('leaves a clean page without asking', async () => {
    const router = renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('asks before a link leaves unsaved changes: Stay keeps them, Leave goes', async () => {
    const router = renderApp();
    type('Back door');
    fireEvent.click(screen.getByRole('link', { name: 'Other page' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(LEAVE_MSG.title);
    expect(dialog.textContent).toContain(LEAVE_MSG.body);
    fireEvent.click(screen.getByRole('button', { name: LEAVE_MSG.stay }));
    await waitFor(() => expect(screen.queryByText(LEAVE_MSG.title)).toBeNull());
    expect(router.state.location.pathname).toBe('/edit');
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('Back door');

    fireEvent.click(screen.getByRole('link', { name: 'Other page' }));
    fireEvent.click(await screen.findByRole('button', { name: LEAVE_MSG.leave }));
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeTruthy();
  });

  it('asks on Back too', async () => {
    const router = renderApp();
    type('x');
    await act(() => router.navigate(-1));
    expect(await screen.findByText(LEAVE_MSG.title)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/edit');
  });

  it('lets the navigation of a successful save through unasked', async () => {
    renderApp();
    type('x');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Saved' })).toBeTruthy();
    expect(screen.queryByText(LEAVE_MSG.title)).toBeNull();
  });

  it('asks the browser before a reload only while there are unsaved changes', () => {
    renderApp();
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);
    type('x');
    expect(unload()).toBe(true);
    type('');
    expect(unload()).toBe(false);
  });
});
