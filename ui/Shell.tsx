import type { ReactNode } from 'react';
import { AppLink, type Navigate } from './AppLink';
import { fill, type Strings } from './strings';

export interface ShellProps {
  strings: Strings;
  sellerName: string;
  homeHref: string;
  onNavigate: Navigate;
  year: number;
  footerText?: string | null;
  /** The account menu (login and register links, or the member's menu). */
  account?: ReactNode;
  children: ReactNode;
}

/** Page chrome: skip link, header with the logo linking home, the main landmark and the footer. */
export function Shell({
  strings,
  sellerName,
  homeHref,
  onNavigate,
  year,
  footerText,
  account,
  children,
}: ShellProps) {
  return (
    <>
      <a className="skip-link" href="#main-content">
        {strings.skipToContent}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <AppLink className="logo" href={homeHref} onNavigate={onNavigate}>
            <span className="logo__mark" aria-hidden="true" />
            <span>{sellerName}</span>
            <span className="visually-hidden"> — {strings.home}</span>
          </AppLink>
          {account}
        </div>
      </header>
      <main id="main-content" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="site-footer__inner">
          <p>{footerText || fill(strings.copyright, { year, seller: sellerName })}</p>
        </div>
      </footer>
    </>
  );
}
