/**
 * HTML for emails: a tagged template that escapes every interpolated value, so a template cannot forget to.
 * `html\`<p>${name}</p>\`` escapes `name`; a value that is itself `html\`…\`` (or an array of them) is inserted
 * as it is. Nothing else is ever inserted unescaped.
 */

const SAFE = Symbol('safe-html');

export interface SafeHtml {
  readonly [SAFE]: true;
  readonly value: string;
}

type Part = SafeHtml | string | number | null | undefined | false | readonly Part[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

const isSafe = (v: unknown): v is SafeHtml => typeof v === 'object' && v !== null && SAFE in v;

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (isSafe(part)) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return { [SAFE]: true, value: out };
}

/** An URL for an href or src: http(s) or a cid: reference only (anything else, such as javascript:, is dropped). */
export function safeUrl(url: string): string {
  return /^(https?:\/\/|cid:|\/)/i.test(url) ? url : '#';
}
