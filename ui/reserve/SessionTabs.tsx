import './strings';
import { useState } from 'react';
import { fill, type Strings } from '../strings';

export interface SessionOption {
  id: string;
  /** 'h:mm A' in the venue zone. */
  timeLabel: string;
  soldOut: boolean;
  disabled: boolean;
  /** Places left; shown only under the configured threshold (null: not shown). */
  availableCapacity: number | null;
  /** Places left to show (under the seller's threshold), else null or absent. */
  remaining?: number | null;
}

export interface SessionTabView {
  id: 'morning' | 'afternoon' | 'evening';
  sessions: SessionOption[];
  /** Why the tab cannot be opened, or null. */
  unavailable: 'notAvailable' | 'soldOut' | null;
}

export interface SessionTabsProps {
  strings: Strings;
  /** The time-of-day tabs, split by the view model at the seller's thresholds. */
  tabs: SessionTabView[];
  initialTab: SessionTabView['id'];
  onSelect: (id: string) => void;
}

/** Sessions as tabs by time of day; an empty tab reads 'Not available', an all-sold-out tab 'Sold out'. */
export function SessionTabs({ strings, tabs, initialTab, onSelect }: SessionTabsProps) {
  const [active, setActive] = useState(initialTab);
  const current =
    tabs.find((t) => t.id === active && t.unavailable === null) ?? tabs.find((t) => t.id === initialTab);
  const usable = tabs.filter((t) => t.unavailable === null);
  /** 'Sold out', or the places left under the seller's threshold. */
  const note = (s: SessionOption) =>
    s.soldOut
      ? strings.soldOut
      : s.remaining != null
        ? fill(strings.remaining, { count: String(s.remaining) })
        : null;

  const move = (from: SessionTabView['id'], delta: number) => {
    const i = usable.findIndex((t) => t.id === from);
    const next = usable[(i + delta + usable.length) % usable.length];
    if (next) {
      setActive(next.id);
      document.getElementById(`tab-${next.id}`)?.focus();
    }
  };

  return (
    <div>
      <div className="tabs" role="tablist" aria-label={strings.chooseTime}>
        {tabs.map((tab) => {
          const selected = current?.id === tab.id;
          return (
            <button
              key={tab.id}
              id={`tab-${tab.id}`}
              type="button"
              role="tab"
              className="tab"
              aria-selected={selected}
              aria-controls={`panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              disabled={tab.unavailable !== null}
              onClick={() => setActive(tab.id)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight') move(tab.id, 1);
                if (e.key === 'ArrowLeft') move(tab.id, -1);
              }}
            >
              {strings[tab.id]}
              {tab.unavailable ? <span className="tab__note">{strings[tab.unavailable]}</span> : null}
            </button>
          );
        })}
      </div>
      {current ? (
        <div id={`panel-${current.id}`} role="tabpanel" aria-labelledby={`tab-${current.id}`}>
          <ul className="session-list">
            {current.sessions.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="session-button"
                  disabled={s.disabled}
                  aria-label={`${s.timeLabel}${note(s) ? `, ${note(s)}` : ''}`}
                  onClick={() => onSelect(s.id)}
                >
                  <span>{s.timeLabel}</span>
                  {note(s) ? <span className="session-button__note">{note(s)}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
