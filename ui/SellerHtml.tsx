import { useLayoutEffect, useRef } from 'react';

type SafeSetHtml = (html: string) => void;

/**
 * Seller-provided HTML, sanitised before it reaches the DOM (no scripts, event handlers or unsafe URLs).
 * Where the browser has the HTML Sanitizer API, its always-safe `setHTML` does it with no download;
 * elsewhere DOMPurify is loaded on demand, so it is not part of the event page's first load. A layout effect:
 * with the Sanitizer API the HTML is in place before the first paint, so what follows it does not move.
 */
export function SellerHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let live = true;
    const native = (el as HTMLDivElement & { setHTML?: SafeSetHtml }).setHTML;
    if (typeof native === 'function') {
      native.call(el, html);
      return;
    }
    el.replaceChildren();
    import('dompurify').then(({ default: DOMPurify }) => {
      if (!live) return;
      el.innerHTML = DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form'],
      });
    });
    return () => {
      live = false;
    };
  }, [html]);
  return <div ref={ref} className={className} />;
}
