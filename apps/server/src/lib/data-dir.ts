import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes DATA_DIR private to the server's user: the folder (and every folder in it) 0700, every file
 * 0600. The umask 0o077 covers what the server writes later (outbox, uploads, secrets). PGlite's
 * file system layer sets its own modes (0666) regardless of the umask, so main calls
 * `restrictTree` again once the database is open and when it closes; between those, the 0700
 * folders keep other users out of the files it adds (its WAL holds the password hashes).
 */
export function secureDataDir(dir: string) {
  process.umask(0o077);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  restrictTree(dir);
}

/** chmod: folders 0700, files 0600, all the way down. */
export function restrictTree(dir: string) {
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) restrictTree(p);
    else if (entry.isFile()) fs.chmodSync(p, 0o600);
  }
}
