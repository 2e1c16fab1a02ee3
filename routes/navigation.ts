import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useServices } from './app/services';

/** Links carry the full path (base included) so they work as real links; navigation strips the base. */
export function useAppNavigate() {
  const { config } = useServices();
  const [, setLocation] = useLocation();
  const base = `/${config.slug}`;
  const href = useCallback((path: string) => `${base}${path === '/' ? '/' : path}`, [base]);
  const navigate = useCallback(
    (target: string, options?: { replace?: boolean; state?: unknown }) => {
      const path =
        target.startsWith(`${base}/`) || target === base ? target.slice(base.length) || '/' : target;
      setLocation(path, options);
    },
    [base, setLocation],
  );
  return { href, navigate, base };
}
