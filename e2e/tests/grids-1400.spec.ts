import fs from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { authHeaders, shotPath, signIn } from './helpers';

/**
 * Issue 22: at 1400 px the grids must not cut the data people look for (names, UPCs, addresses,
 * emails, tags). Every rendered cell's content fits its cell; a screenshot of each grid is kept
 * (in SCREENS_DIR when set, else in the run's folder).
 */

test.use({ viewport: { width: 1400, height: 900 } });

function screenPath(name: string) {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return shotPath(`grid-${name}.png`);
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

/** Cells whose content is wider than the cell (cut by the ellipsis or hidden by the overflow). */
async function cutCells(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((grid) => {
    const cut: string[] = [];
    for (const cell of grid.querySelectorAll<HTMLElement>('.ag-row .ag-cell')) {
      const col = cell.getAttribute('col-id') ?? '?';
      const inner = (cell.querySelector('.ag-cell-value') as HTMLElement | null) ?? cell;
      const targets = [inner, ...inner.querySelectorAll<HTMLElement>('.ant-tag, a, strong, span, div')];
      for (const el of targets) {
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible') {
          cut.push(`${col}: ${cell.innerText.trim()}`);
          break;
        }
      }
      // a child that sticks out of its cell is cut by the cell
      // wrapped text that does not fit the row's height is cut too
      if (inner.scrollHeight > cell.clientHeight + 1) cut.push(`${col}: ${cell.innerText.trim()} (too tall)`);
      const box = cell.getBoundingClientRect();
      for (const el of inner.querySelectorAll<HTMLElement>('.ant-tag, a, strong')) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > box.right + 1) {
          cut.push(`${col}: ${cell.innerText.trim()} (sticks out)`);
          break;
        }
      }
    }
    return [...new Set(cut)];
  });
}

async function gridShows(page: Page, testId: string) {
  const grid = page.getByTestId(testId);
  await expect(grid.locator('.ag-row[row-index]').first()).toBeVisible();
}

/**
 * The cells still cut once the grid has settled: the columns size themselves to the rows after
 * they render, which on CI's loaded machine took longer than a fixed wait (the product grid's UPCs
 * were measured cut, then fitted). A grid that stays cut for 10 s is reported.
 */
async function cutAfterSettling(page: Page, testId: string) {
  let cut: string[] = [];
  await expect
    .poll(async () => (cut = await cutCells(page, testId)), { timeout: 10_000 })
    .toEqual([])
    .catch(() => undefined);
  return cut;
}

test('the grids at 1400 px cut nothing (screenshots kept)', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const token = (await page.evaluate(() => localStorage.getItem('dbo.token'))) as string;
  const headers = authHeaders(token);
  for (const name of ['order', 'inventory']) {
    const res = await request.post('/api/v1/company/feature', { headers, data: { name, active: true } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const grids: [string, string, string][] = [
    ['products', '/product', 'product-grid'],
    ['customers', '/customer', 'customer-grid'],
    ['invoices', '/invoice', 'invoice-grid'],
    ['payments', '/payment', 'payment-grid'],
    ['customer-users', '/customer/users', 'customer-users-grid'],
    ['stamps', '/stamp', 'stamp-log-grid'],
    ['orders', '/order', 'order-grid'],
    ['inventory', '/inventory', 'inventory-grid'],
  ];
  const problems: Record<string, string[]> = {};
  for (const [name, url, testId] of grids) {
    await page.goto(url);
    await gridShows(page, testId);
    const cut = await cutAfterSettling(page, testId);
    await page.screenshot({ path: screenPath(name) });
    if (cut.length) problems[name] = cut;
  }
  expect(problems).toEqual({});
});
