import { useState } from 'react';
import { hourInZone } from '../format';
import type { Strings } from '../strings';

export interface SessionOption {
  id: string;
  start: string; // ISO
  label: string; // 'h:mm A' in the venue zone
  soldOut: boolean;
  disabled: boolean;
  /** Remaining places note, shown only under the configured threshold. */
  note: string | null;
}

type Part = 'morning' | 'afternoon' | 'evening';
/** Default time-of-day thresholds (hours): midnight–noon, noon–5 pm, 5 pm–midnight (web.session_picker_tabs). */
export const DEFAULT_THRESHOLDS: [number, number] = [12, 17];

export function partOfDay(iso: string, timezone: string, thresholds = DEFAULT_THRESHOLDS): Part {
  const hour = hourInZone(iso, timezone);
  if (hour < thresholds[0]) return 'morning';
  if (hour < thresholds[1]) return 'afternoon';
  return 'evening';
}

export interface SessionTabsProps {
  strings: Strings;
  sessions: SessionOption[];
  timezone: string;
  onSelect: (id: string) => void;
}

/** Sessions as tabs by time of day; an empty tab reads 'Not available', an all-sold-out tab 'Sold out'. */
export function SessionTabs({ strings, sessions, timezone, onSelect }: SessionTabsProps) {
  const parts: Part[] = ['morning', 'afternoon', 'evening'];
  const byPart = Object.fromEntries(
    parts.map((p) => [p, sessions.filter((s) => partOfDay(s.start, timezone) === p)]),
  ) as Record<Part, SessionOption[]>;
  // Show 2 tabs when there are no evening sessions at all, else 3.
  const visible = byPart.evening.length === 0 ? parts.slice(0, 2) : parts;
  const firstUsable = visible.find((p) => byPart[p].some((s) => !s.disabled)) ?? visible[0] ?? 'morning';
  const [active, setActive] = useState<Part>(firstUsable);
  const current = byPart[active].length ? active : firstUsable;

  const move = (from: Part, delta: number) => {
    const usable = visible.filter((p) => byPart[p].some((s) => !s.disabled));
    const i = usable.indexOf(from);
    const next = usable[(i + delta + usable.length) % usable.length];
    if (next) {
      setActive(next);
      document.getElementById(`tab-${next}`)?.focus();
    }
  };

  return (
    <div>
      <div className="tabs" role="tablist" aria-label={strings.chooseTime}>
        {visible.map((p) => {
          const list = byPart[p];
          const none = list.length === 0;
          const allSold = !none && list.every((s) => s.soldOut);
          const disabled = none || allSold;
          return (
            <button
              key={p}
              id={`tab-${p}`}
              type="button"
              role="tab"
              className="tab"
              aria-selected={current === p}
              aria-controls={`panel-${p}`}
              tabIndex={current === p ? 0 : -1}
              disabled={disabled}
              onClick={() => setActive(p)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight') move(p, 1);
                if (e.key === 'ArrowLeft') move(p, -1);
              }}
            >
              {strings[p]}
              {disabled ? (
                <span className="tab__note">{none ? strings.notAvailable : strings.soldOut}</span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div id={`panel-${current}`} role="tabpanel" aria-labelledby={`tab-${current}`}>
        <ul className="session-list">
          {byPart[current].map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className="session-button"
                disabled={s.disabled}
                aria-pressed={false}
                aria-label={`${s.label}${s.soldOut ? `, ${strings.soldOut}` : s.note ? `, ${s.note}` : ''}`}
                onClick={() => onSelect(s.id)}
              >
                <span>{s.label}</span>
                {s.soldOut ? (
                  <span className="session-button__note">{strings.soldOut}</span>
                ) : s.note ? (
                  <span className="session-button__note">{s.note}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
