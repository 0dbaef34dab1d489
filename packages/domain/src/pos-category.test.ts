import { describe, expect, it } from 'vitest';
import { POS_CATEGORY_TABLE, productTypeFromPos } from './pos-category.js';

describe('POS category -> product type', () => {
  it.each([
    ['Irish Whiskey', 'LIQUOR'],
    ['Whisky - Scotch', 'LIQUOR'],
    ['VODKA', 'LIQUOR'],
    ['Tequila/Mezcal', 'LIQUOR'],
    ['Liqueurs & Cordials', 'LIQUOR'],
    ['Red Wine', 'WINE'],
    ['Wine - Rosé', 'WINE'],
    ['Sparkling Wine / Champagne', 'WINE'],
    ['Port Wine', 'WINE'],
    ['Domestic Beer', 'BEER'],
    ['Craft IPA', 'BEER'],
    ['Hard Seltzer', 'BEER'],
    ['Mixers', 'N/A'],
    ['Mixer', 'N/A'],
    ['Bottled Water', 'N/A'],
  ] as const)('%s -> %s', (category, type) => {
    expect(productTypeFromPos(category)).toBe(type);
  });

  it('names Jameson Irish Whiskey liquor even when the POS calls it wine', () => {
    expect(productTypeFromPos('Irish Whiskey', 'WINE')).toBe('LIQUOR');
  });

  it('falls back to the POS type, then N/A, for a category no row knows', () => {
    expect(productTypeFromPos('House Specials', 'beer')).toBe('BEER');
    expect(productTypeFromPos('House Specials', 'SPIRITS?')).toBe('N/A');
    expect(productTypeFromPos(null, null)).toBe('N/A');
  });

  it('matches whole words only (gin is not in "original", ale not in "sale")', () => {
    expect(productTypeFromPos('Original Sale Items')).toBe('N/A');
    expect(POS_CATEGORY_TABLE.every(([w]) => w === w.toLowerCase())).toBe(true);
  });
});
