import { describe, expect, it } from 'vitest';
import { scanQueue } from './scan-queue';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('scanQueue', () => {
  it('applies 20 scans made 50 ms apart in the order made, though the answers come out of order', async () => {
    const asked: string[] = [];
    const applied: string[] = [];
    // the first scans' answers are the slowest: later ones overtake them
    const enqueue = scanQueue(
      (code) => {
        asked.push(code);
        const n = Number(code);
        return sleep(400 - n * 20).then(() => `product ${n}`);
      },
      (code, answer) => applied.push(`${code}: ${answer}`),
      () => applied.push('failed'),
    );
    let last: Promise<void> = Promise.resolve();
    for (let n = 1; n <= 20; n++) {
      last = enqueue(String(n));
      await sleep(50);
    }
    await last;
    expect(asked).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    expect(applied).toEqual(Array.from({ length: 20 }, (_, i) => `${i + 1}: product ${i + 1}`));
  });

  it('a failed lookup is said in its place and the scans after it still land', async () => {
    const applied: string[] = [];
    const enqueue = scanQueue(
      (code) => (code === 'bad' ? Promise.reject(new Error('offline')) : sleep(5).then(() => code)),
      (code) => applied.push(code),
      (code, err) => applied.push(`${code}: ${(err as Error).message}`),
    );
    enqueue('a');
    enqueue('bad');
    await enqueue('b');
    expect(applied).toEqual(['a', 'bad: offline', 'b']);
  });
});
