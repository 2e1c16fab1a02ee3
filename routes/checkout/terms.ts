/**
 * The seller's terms and conditions (spec 2 §2 "Terms checkbox only if the terms dialog content string is
 * non-empty"; §3 configuration `terms_and_conditions_dialog_content`): cached GET config of that key. The
 * content is seller HTML (sanitised where shown); null when the seller has none.
 */
import type { Api } from '../../api';
import { parseDocument } from '../../api/join';

export const TERMS_CONFIG_KEY = 'terms_and_conditions_dialog_content';

export async function loadTerms(
  api: Pick<Api, 'request'>,
  sellerId: string,
  signal: AbortSignal,
): Promise<string | null> {
  const raw = await api.request('GET', 'config', {
    query: { 'resource_id._in': [sellerId], 'key._in': [TERMS_CONFIG_KEY] },
    cached: true,
    signal,
  });
  const row = (parseDocument(raw).config?._data ?? []).find(
    (r) => r.resource_id === sellerId && r.key === TERMS_CONFIG_KEY,
  );
  return typeof row?.value === 'string' && row.value.trim() !== '' ? row.value : null;
}
