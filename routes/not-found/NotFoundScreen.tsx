import { useLocation, useSearch } from 'wouter';
import { NotFound } from '../../ui/NotFound';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';

/**
 * The 404 screen receives the missing path and query: its own location for unknown paths, or the `path`
 * and `query` of history state when another screen redirected here (an unknown event).
 */
export function NotFoundScreen() {
  const { strings } = useServices();
  const [location] = useLocation();
  const search = useSearch();
  const { href, navigate } = useAppNavigate();
  const state = (typeof history !== 'undefined' ? history.state : null) as {
    missingPath?: string;
    missingQuery?: string;
  } | null;
  const path = state?.missingPath ?? location;
  const query = state?.missingQuery ?? search;
  return <NotFound strings={strings} path={path} query={query} homeHref={href('/')} onNavigate={navigate} />;
}

export const NOT_FOUND_PATH = '/not-found';
