/**
 * Query `login` opens the login dialog for a logged-out visitor; `member_code`, `zip_code` and `login.*` keys
 * try to identify the visitor with them (the dialog opens prefilled and submits) and leave the URL (spec 3
 * §2 "Navigation rules"). Loaded on demand: only when the query holds one of these keys.
 */
import { isLoginQueryKey, prefillFromQuery } from '../../machines/login/rules';
import type { AppActor } from '../app/root';
import { isLoggedIn, modalsOf } from '../app/root';

/** Opens the dialog as the query asks; returns the query without the login keys, or null when unchanged. */
export function applyLoginQuery(app: AppActor, search: string): string | null {
  const params = new URLSearchParams(search);
  const prefill = prefillFromQuery(params);
  const keys = [...params.keys()].filter(isLoginQueryKey);
  if (!params.has('login') && keys.length === 0) return null;
  if (!isLoggedIn(app)) {
    modalsOf(app).send({
      type: 'modal.open',
      name: 'login',
      size: 'sm',
      ...(prefill ? { data: { prefill, identify: true } } : {}),
    });
  }
  if (keys.length === 0) return null;
  for (const key of keys) params.delete(key);
  return params.toString();
}
