import { afterEach, describe, expect, it, vi } from 'vitest';
import { openInNewTab, openPrintable } from './api';

/** A stand-in tab as window.open returns it. */
const fakeTab = () => ({ opener: window as unknown, location: { href: '' }, close: vi.fn() });

afterEach(() => vi.restoreAllMocks());

describe('a printable page opens in a new tab (the statement, the invoice, the balance)', () => {
  it('opens the tab at the click, before its link is made, then sends it to the link', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let resolveLink: (url: string) => void = () => {};
    const done = openPrintable(() => new Promise<string>((r) => (resolveLink = r)), vi.fn());
    // still inside the click: the browser allows a new tab only then
    expect(open).toHaveBeenCalledTimes(1);
    resolveLink('/customer/statement/pdf/abc');
    await done;
    expect(tab.location.href).toBe('/customer/statement/pdf/abc');
    expect(tab.opener).toBeNull();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('closes the blank tab and reports when the link cannot be made', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const onError = vi.fn();
    await openPrintable(() => Promise.reject(new Error('500')), onError);
    expect(tab.close).toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('still opens the page when the blank tab was refused', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await openPrintable(() => Promise.resolve('/invoice/print/x'), vi.fn());
    expect(open).toHaveBeenLastCalledWith('/invoice/print/x', '_blank', 'noopener');
  });

  it("goes in this tab when the blank tab was refused and the caller says so (the shop's PDFs, an installed app)", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const here = { href: 'http://localhost/shop/lonestar/invoice' };
    vi.spyOn(window, 'location', 'get').mockReturnValue(here as unknown as Location);
    await openInNewTab(() => Promise.resolve('blob:http://localhost/pdf-1'), 'this-tab');
    expect(here.href).toBe('blob:http://localhost/pdf-1');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('throws when the link cannot be made, the blank tab closed', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await expect(openInNewTab(() => Promise.reject(new Error('Error generating pdf')))).rejects.toThrow(
      'Error generating pdf',
    );
    expect(tab.close).toHaveBeenCalled();
  });

  it('keeps the tab tied to this page for a blob URL (a PDF the shop fetched), which belongs to it', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openInNewTab(() => Promise.resolve('blob:http://localhost/pdf-2'));
    expect(tab.location.href).toBe('blob:http://localhost/pdf-2');
    expect(tab.opener).toBe(window);
  });
});
