/**
 * `/_stories`: the story viewer, non-production only (spec 3 routes). Shown in development builds and where
 * the deployment allows the inspector (`inspect` in the runtime configuration: outside production, or
 * `TIX_INSPECT=1`); otherwise the 404 screen. This module is a lazy route chunk and the viewer a further
 * lazy chunk, so neither is part of any first load.
 */
import { lazy } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useServices } from '../app/services';
import { NotFoundScreen } from '../not-found/NotFoundScreen';

const StoriesApp = lazy(() => import('../../stories/viewer/StoriesApp'));

export const STORIES_PATH = '/_stories';

export default function StoriesRoute() {
  const { config } = useServices();
  const search = useSearch();
  const [, navigate] = useLocation();
  if (!(import.meta.env.DEV || config.inspect)) return <NotFoundScreen />;
  return (
    <StoriesApp search={search} onSearch={(next) => navigate(`${STORIES_PATH}${next ? `?${next}` : ''}`)} />
  );
}
