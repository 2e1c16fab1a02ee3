// Whether `npm start` must build the SPA: the build is missing, older than a source of it, or of the other flavour
// (flavour.mjs). Generated files inside the source folders are not sources: `npm run machines:export` writes
// machines/export/, which the build never reads, so exporting does not make the next `npm start` rebuild.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { builtWithStories, storiesWanted } from './flavour.mjs';

export const sources = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'api',
  'machines',
  'ui',
  'routes',
  'stories',
];
/** Written by scripts, not read by the build. */
export const generated = ['machines/export'];

function newest(root, rel) {
  if (generated.includes(rel)) return 0;
  const path = join(root, rel);
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  // A folder's own time changes when an entry is added or removed (a deleted source), except for the folder
  // that holds a generated one, whose time changes when the script first creates it.
  let max = generated.some((g) => g.startsWith(`${rel}/`)) ? 0 : st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(root, join(rel, entry)));
  return max;
}

/** Why the build in `root`/dist must be made again, or null when it is up to date. */
export function rebuildReason(root) {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return 'no build yet';
  const builtAt = statSync(built).mtimeMs;
  const changed = sources.find((s) => newest(root, s) > builtAt);
  if (changed) return `${changed} changed since the last build`;
  if (builtWithStories(join(root, 'dist')) !== storiesWanted()) return 'the build is of the other flavour';
  return null;
}
