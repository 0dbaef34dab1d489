import { describe, expect, it } from 'vitest';
import { casesAndBottles, isImageDataUrl, sizeToMl, spiritsCheck } from './delivery.js';

describe('sizeToMl', () => {
  it.each([
    ['50ML', 50],
    ['100ML', 100],
    ['200ML', 200],
    ['375ML', 375],
    ['750ML', 750],
    ['750 ml', 750],
    ['1L', 1000],
    ['1.0L', 1000],
    ['1 LTR', 1000],
    ['1.75L', 1750],
    ['1.75 LITER', 1750],
    ['3L', 3000],
    ['70CL', 700],
    ['.75L', 750],
  ])('%s is %d mL', (size, ml) => {
    expect(sizeToMl(size)).toBeCloseTo(ml, 6);
  });
  it('reads ounces', () => expect(sizeToMl('12OZ')).toBeCloseTo(354.88, 1));
  it.each(['', 'JUG', '24PK', '6/750ML', '0ML', 'ML', '-1L'])('%s is unknown', (size) => {
    expect(sizeToMl(size)).toBeNull();
  });
});

describe('spiritsCheck', () => {
  const liquor = (size: string, qty: number, name = 'X') => ({
    product_type: 'LIQUOR',
    product_size: size,
    product_name: name,
    qty,
  });
  it('warns under 2.4 gallons of distilled spirits', () => {
    const r = spiritsCheck([liquor('750ML', 12)]);
    expect(r.spirits_gallons).toBeCloseTo(2.378, 3);
    expect(r.warnings[0]).toContain('2.4 gallons');
  });
  it('is quiet at 2.4 gallons or more, and for a stop without spirits', () => {
    expect(spiritsCheck([liquor('1.75L', 6)]).warnings).toEqual([]);
    expect(spiritsCheck([liquor('750ML', 13)]).warnings).toEqual([]);
    expect(spiritsCheck([{ ...liquor('750ML', 1), product_type: 'WINE' }]).warnings).toEqual([]);
  });
  it('names an unknown size and does not count it', () => {
    const r = spiritsCheck([liquor('1.75L', 6), liquor('HANDLE', 2, 'JACK')]);
    expect(r.spirits_gallons).toBeCloseTo(2.774, 3);
    expect(r.warnings).toEqual(["Unknown size, volume not counted: JACK (size 'HANDLE')"]);
  });
});

describe('casesAndBottles', () => {
  it('splits bottles into standard cases', () => {
    expect(casesAndBottles(27, '750ML')).toEqual({ cases: 2, bottles: 3 });
    expect(casesAndBottles(7, '1.75L')).toEqual({ cases: 1, bottles: 1 });
    expect(casesAndBottles(5, '24PK')).toEqual({ cases: 0, bottles: 5 });
  });
});

describe('isImageDataUrl', () => {
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  it('takes a PNG, refuses other types, bad base64 and oversize', () => {
    expect(isImageDataUrl(png, 1000)).toBe(true);
    expect(isImageDataUrl(png, 20)).toBe(false);
    expect(isImageDataUrl(png.replace('png', 'gif'), 1000)).toBe(false);
    expect(isImageDataUrl(png.replace('iVBOR', '/9j/A'), 1000)).toBe(false);
    expect(isImageDataUrl('data:image/png;base64,@@@', 1000)).toBe(false);
  });
});
