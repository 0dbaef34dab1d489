/**
 * A scanner's scans, each looked up the moment it is made and applied in the order made: a scan's
 * answer waits for the answers of the scans before it, however the server orders them. Answers a
 * function that takes the next scan.
 */
export function scanQueue<T>(
  lookup: (code: string) => Promise<T>,
  apply: (code: string, answer: T) => void,
  fail: (code: string, err: unknown) => void,
): (code: string) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (code) => {
    // settled at once (a refusal is not left unhandled while earlier scans are still applied)
    const settled = lookup(code).then(
      (answer) => () => apply(code, answer),
      (err: unknown) => () => fail(code, err),
    );
    last = last
      .then(() => settled)
      .then((applyNow) => {
        try {
          applyNow();
        } catch (err) {
          // one scan's trouble does not stop the scans after it
          fail(code, err);
        }
      });
    return last;
  };
}
