import type { Navigate } from './AppLink';
import { AppLink } from './AppLink';
import type { Strings } from './strings';

export interface ErrorNoticeProps {
  strings: Strings;
  /** The API's message, or the generic one. */
  text: string;
  /** Reload the page (new chunks, a fresh start). */
  onReload: () => void;
  /** The seller's home (spec 3 §8: Continue to the seller slug), or null to offer Reload only. */
  continueHref: string | null;
  onNavigate: Navigate;
}

/**
 * What a route shows instead of a blank page when it fails (an error thrown while rendering, a chunk that
 * would not load) or an unhandled promise rejection surfaces: the message, a Reload button and a Continue
 * link home (spec 3 §2 shell, §8).
 */
export function ErrorNotice({ strings, text, onReload, continueHref, onNavigate }: ErrorNoticeProps) {
  return (
    <div className="message message--error error-notice" role="alert">
      <p>{text}</p>
      <p className="error-notice__actions">
        <button type="button" className="btn btn--secondary" onClick={onReload}>
          {strings.reload}
        </button>
        {continueHref ? (
          <AppLink href={continueHref} onNavigate={onNavigate}>
            {strings.continueHome}
          </AppLink>
        ) : null}
      </p>
    </div>
  );
}
