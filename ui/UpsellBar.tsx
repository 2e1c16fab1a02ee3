import { fill, type Strings } from './strings';
import './listing-strings';

export interface UpsellBarProps {
  strings: Strings;
  position: { current: number; total: number };
  /** The skip add-on button shows only while no tickets are selected. */
  showSkip: boolean;
  onSkip: () => void;
}

/** An add-on step of the upsell chain: where the visitor is, and the skip add-on button. */
export function UpsellBar({ strings, position, showSkip, onSkip }: UpsellBarProps) {
  return (
    <div className="upsell-bar message">
      <p>{fill(strings.upsellStep, position)}</p>
      {showSkip ? (
        <button type="button" className="btn btn--secondary" onClick={onSkip}>
          {strings.skipAddOn}
        </button>
      ) : null}
    </div>
  );
}
