import { AppLink, type Navigate } from './AppLink';
import { fill, type Strings } from './strings';

export interface NotFoundProps {
  strings: Strings;
  /** The missing path and query, shown so the visitor can see what was asked for. */
  path: string;
  query: string;
  homeHref: string;
  onNavigate: Navigate;
}

export function NotFound({ strings, path, query, homeHref, onNavigate }: NotFoundProps) {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{strings.notFoundTitle}</h1>
      <p>{strings.notFoundMessage}</p>
      <p className="field__hint">
        {fill(strings.notFoundPath, { path: `${path}${query ? `?${query}` : ''}` })}
      </p>
      <p>
        <AppLink className="btn" href={homeHref} onNavigate={onNavigate}>
          {strings.homeLink}
        </AppLink>
      </p>
    </section>
  );
}
