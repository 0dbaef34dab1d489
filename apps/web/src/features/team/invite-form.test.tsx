import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserApis } from '../../lib/test-dom';
import { leavePage as leave, renderOnPage } from '../../lib/test-page';
import { LEAVE_MSG } from '../../lib/unsaved-changes';
import { InviteForm } from './invite-form';

beforeAll(stubBrowserApis);
afterEach(cleanup);

describe('the team invite asks before unsaved input is lost (issue 30)', () => {
  it('the team invite: a clean form leaves at once, a typed name asks first', async () => {
    const router = renderOnPage(<InviteForm />);
    leave();
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeTruthy();

    await router.navigate('/form');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Dana Ortiz' } });
    leave();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(LEAVE_MSG.title);
    fireEvent.click(screen.getByRole('button', { name: LEAVE_MSG.stay }));
    expect(router.state.location.pathname).toBe('/form');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Dana Ortiz');
  }, 60_000);
});
