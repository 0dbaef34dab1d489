import { cleanup, screen, fireEvent } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { stubBrowserApis } from '../../lib/test-dom';
import { leavePage as leave, renderOnPage } from '../../lib/test-page';
import { LEAVE_MSG } from '../../lib/unsaved-changes';
import { DestroyTool } from './destroy-tool';

beforeAll(stubBrowserApis);
afterEach(cleanup);

describe('the destroy tool asks before unsaved input is lost (issue 30)', () => {
  it('the destroy tool: a range typed and not destroyed asks first', async () => {
    const router = renderOnPage(<DestroyTool open onClose={() => {}} onDone={() => {}} />, (qc) =>
      qc.setQueryData(queryKeys.stamps.rolls, []),
    );
    fireEvent.change(await screen.findByLabelText('Stamp Start'), { target: { value: '1001' } });
    leave();
    // the leave dialog over the tool's own
    await screen.findByText(LEAVE_MSG.body);
    const dialog = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(LEAVE_MSG.title));
    expect(dialog).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form');
  }, 60_000);
});
