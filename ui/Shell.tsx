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
  /** The seller's logo image (its text alternative names the seller); absent: the mark and the seller's name. */
  logo?: { src: string; alt: string } | null;
  /** Where the logo links instead of home (config external_urls.logo, another site: a plain link). */
  logoHref?: string | null;
  /** The account menu (login and register links, or the member's menu). */
  account?: ReactNode;
  /** The language switcher, when the seller offers more than one language (issue 26). */
  languages?: ReactNode;
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
  logo,
  logoHref,
  account,
  languages,
  children,
}: ShellProps) {
  const mark = logo ? (
    <img className="logo__image" src={logo.src} alt={logo.alt} />
  ) : (
    <>
      <span className="logo__mark" aria-hidden="true" />
      <span>{sellerName}</span>
    </>
  );
  return (
    <>
      <a className="skip-link" href="#main-content">
        {strings.skipToContent}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          {logoHref ? (
            <a className="logo" href={logoHref}>
              {mark}
            </a>
          ) : (
            <AppLink className="logo" href={homeHref} onNavigate={onNavigate}>
              {mark}
              <span className="visually-hidden"> — {strings.home}</span>
            </AppLink>
          )}
          {languages}
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
