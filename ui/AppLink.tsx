import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export type Navigate = (href: string) => void;

export interface AppLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  onNavigate: Navigate;
}

/** A real link (works without script, opens in new tabs) whose plain clicks navigate inside the app. */
export function AppLink({ href, onNavigate, onClick, children, ...rest }: AppLinkProps) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    onNavigate(href);
  };
  return (
    <a href={href} onClick={handle} {...rest}>
      {children}
    </a>
  );
}
