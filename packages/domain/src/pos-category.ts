/**
 * How a point-of-sale category becomes one of our product types (issue 30: Jameson is Liquor, not
 * Wine). Read top to bottom: the first row whose word appears in the POS category (case, accents and
 * a plural 's' aside, whole words) gives the type. A category no row knows falls back to the POS's own type when
 * it is one of ours, else 'N/A' (staff review every product a sync creates before the shop shows it).
 */
import { PRODUCT_TYPES, type ProductType } from './constants.js';

export const POS_CATEGORY_TABLE: readonly (readonly [word: string, type: ProductType])[] = [
  // wine first: 'wine' beats 'cooler', 'sparkling' and a spirit's name in 'port wine'
  ['wine', 'WINE'],
  ['champagne', 'WINE'],
  ['prosecco', 'WINE'],
  ['cava', 'WINE'],
  ['sake', 'WINE'],
  ['cabernet', 'WINE'],
  ['chardonnay', 'WINE'],
  ['merlot', 'WINE'],
  ['pinot', 'WINE'],
  ['rose', 'WINE'],
  ['port', 'WINE'],
  ['sherry', 'WINE'],
  // beer and malt beverages
  ['beer', 'BEER'],
  ['ale', 'BEER'],
  ['lager', 'BEER'],
  ['ipa', 'BEER'],
  ['stout', 'BEER'],
  ['porter', 'BEER'],
  ['pilsner', 'BEER'],
  ['cider', 'BEER'],
  ['seltzer', 'BEER'],
  ['malt', 'BEER'],
  // distilled spirits: each bottle needs a TABC stamp
  ['whiskey', 'LIQUOR'],
  ['whisky', 'LIQUOR'],
  ['bourbon', 'LIQUOR'],
  ['scotch', 'LIQUOR'],
  ['rye', 'LIQUOR'],
  ['vodka', 'LIQUOR'],
  ['gin', 'LIQUOR'],
  ['rum', 'LIQUOR'],
  ['tequila', 'LIQUOR'],
  ['mezcal', 'LIQUOR'],
  ['brandy', 'LIQUOR'],
  ['cognac', 'LIQUOR'],
  ['liqueur', 'LIQUOR'],
  ['cordial', 'LIQUOR'],
  ['schnapps', 'LIQUOR'],
  ['absinthe', 'LIQUOR'],
  ['spirit', 'LIQUOR'],
  ['spirits', 'LIQUOR'],
  ['liquor', 'LIQUOR'],
  // the rest
  ['mixer', 'N/A'],
  ['soda', 'N/A'],
  ['water', 'N/A'],
  ['juice', 'N/A'],
  ['snack', 'N/A'],
  ['ice', 'N/A'],
  ['accessory', 'N/A'],
  ['accessories', 'N/A'],
];

const words = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

/** Our product type of a POS product from its category (and its own type as the fallback). */
export function productTypeFromPos(category: string | null | undefined, posType?: string | null): ProductType {
  // 'Liqueurs', 'Mixers': a plural counts as its word
  const found = new Set(words(category ?? '').flatMap((w) => (w.endsWith('s') ? [w, w.slice(0, -1)] : [w])));
  for (const [word, type] of POS_CATEGORY_TABLE) if (found.has(word)) return type;
  const own = String(posType ?? '').toUpperCase();
  return (PRODUCT_TYPES as readonly string[]).includes(own) ? (own as ProductType) : 'N/A';
}
