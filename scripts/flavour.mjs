// Which build the scripts make. The production build (`npm start`, `npm run budget`, `npm run lighthouse`)
// leaves the story viewer out (VITE_STORIES=off: /_stories renders the 404 screen, no viewer chunk), unless
// TIX_STORIES=1 or VITE_STORIES=on asks for it; `npm test` builds with the viewer so its e2e specs run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** True when the production build should include the story viewer. */
export const storiesWanted = () => process.env.TIX_STORIES === '1' || process.env.VITE_STORIES === 'on';

/** The environment of a production `vite build`. */
export const productionBuildEnv = () => ({ ...process.env, VITE_STORIES: storiesWanted() ? 'on' : 'off' });

/** Whether the build in `dist` holds the story viewer (its route module is in Vite's manifest). */
export function builtWithStories(dist) {
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) return false;
  return 'routes/stories/StoriesRoute.tsx' in JSON.parse(readFileSync(file, 'utf8'));
}
