import './strings';
import { useId, useRef, useState } from 'react';
import { formatTime } from '../format';
import { fill, type Strings } from '../strings';

export interface SessionOption {
  id: string;
  /** The start (ISO UTC): the view writes its time in the visitor's locale and the venue's zone ('10:00 AM'). */
  start: string;
  /** The venue's time zone. */
  timeZone: string;
  soldOut: boolean;
  disabled: boolean;
  /** Places left; shown only under the configured threshold (null: not shown). */
  availableCapacity: number | null;
  /** Places left to show (under the seller's threshold), else null or absent. */
  remaining?: number | null;
  /** Where a picker keeps the choice on screen (reschedule): the chosen session is a pressed button. */
  selected?: boolean;
  /** The day's one all-day session: 'All day' in place of its time. */
  allDay?: boolean;
  /** The seller's annotation of the time (a message rule's session_annotation), shown as written. */
  annotation?: string | null;
}

/** What names a session: its time, or 'All day'. */
export const sessionLabel = (
  strings: Strings,
  s: Pick<SessionOption, 'start' | 'timeZone' | 'allDay'>,
): string => (s.allDay ? strings.allDay : formatTime(s.start, s.timeZone));

/** A time the view names (a conflicting time): an instant and the venue's zone. */
export interface ZonedTime {
  time: string;
  zone: string;
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
  /** The id of the visible heading that names the tab list ('Choose a time'). */
  labelledBy: string;
}

/**
 * Sessions as tabs by time of day; an empty tab reads 'Not available', an all-sold-out tab 'Sold out'. The
 * WAI-ARIA APG "Tabs with Automatic Activation": the tab list is named by the section's visible heading; one
 * tab in the tab order; Left/Right move to the previous/next tab (wrapping) and Home/End to the first/last,
 * each selecting it; every tab controls a panel that is in the page (hidden unless selected).
 *
 * Where it differs from the APG example, and why: a tab with no session to choose ('Not available', 'Sold
 * out') is disabled and skipped by the keys, and has no panel: there would be nothing in it.
 */
export function SessionTabs({ strings, tabs, initialTab, onSelect, labelledBy }: SessionTabsProps) {
  const [active, setActive] = useState(initialTab);
  const baseId = useId();
  const tabId = (tab: SessionTabView['id']) => `${baseId}-tab-${tab}`;
  const panelId = (tab: SessionTabView['id']) => `${baseId}-panel-${tab}`;
  const current =
    tabs.find((t) => t.id === active && t.unavailable === null) ?? tabs.find((t) => t.id === initialTab);
  const usable = tabs.filter((t) => t.unavailable === null);

  /** The tab a key moves to among the tabs that can be opened, or null for any other key. */
  const target = (key: string, from: SessionTabView['id']): SessionTabView | null => {
    const i = usable.findIndex((t) => t.id === from);
    if (key === 'ArrowRight') return usable[(i + 1) % usable.length] ?? null;
    if (key === 'ArrowLeft') return usable[(i - 1 + usable.length) % usable.length] ?? null;
    if (key === 'Home') return usable[0] ?? null;
    if (key === 'End') return usable[usable.length - 1] ?? null;
    return null;
  };
  const tabRefs = useRef(new Map<SessionTabView['id'], HTMLButtonElement>());

  return (
    <div>
      <div className="tabs" role="tablist" aria-labelledby={labelledBy}>
        {tabs.map((tab) => {
          const selected = current?.id === tab.id;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.id, el);
                else tabRefs.current.delete(tab.id);
              }}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className="tab"
              aria-selected={selected}
              aria-controls={tab.unavailable === null ? panelId(tab.id) : undefined}
              tabIndex={selected ? 0 : -1}
              disabled={tab.unavailable !== null}
              onClick={() => setActive(tab.id)}
              onKeyDown={(e) => {
                const next = target(e.key, tab.id);
                if (!next) return;
                e.preventDefault();
                setActive(next.id);
                tabRefs.current.get(next.id)?.focus();
              }}
            >
              {strings[tab.id]}
              {tab.unavailable ? <span className="tab__note">{strings[tab.unavailable]}</span> : null}
            </button>
          );
        })}
      </div>
      {usable.map((tab) => (
        <div
          key={tab.id}
          id={panelId(tab.id)}
          role="tabpanel"
          aria-labelledby={tabId(tab.id)}
          hidden={tab.id !== current?.id}
        >
          <ul className="session-list">
            {tab.sessions.map((s) => (
              <li key={s.id}>
                <SessionButton strings={strings} session={s} onSelect={onSelect} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** 'Sold out', or the places left under the seller's threshold, after the seller's annotation. */
function sessionNote(strings: Strings, s: SessionOption): string | null {
  const state = s.soldOut
    ? strings.soldOut
    : s.remaining != null
      ? fill(strings.remaining, { count: String(s.remaining) })
      : null;
  return [s.annotation, state].filter(Boolean).join(', ') || null;
}

/** One session as a button: its time (or 'All day'), then its note; the name starts with what it shows. */
function SessionButton({
  strings,
  session: s,
  onSelect,
}: {
  strings: Strings;
  session: SessionOption;
  onSelect: (id: string) => void;
}) {
  const note = sessionNote(strings, s);
  const label = sessionLabel(strings, s);
  return (
    <button
      type="button"
      className="session-button"
      disabled={s.disabled}
      aria-pressed={s.selected}
      aria-label={`${label}${note ? `, ${note}` : ''}`}
      onClick={() => onSelect(s.id)}
    >
      <span>{label}</span>
      {note ? <span className="session-button__note">{note}</span> : null}
    </button>
  );
}

/**
 * An all-day day (domain/all-day.ts): no time-of-day tabs, its one session as the only choice, 'All day'
 * (spec 1 §9).
 */
export function AllDaySession({
  strings,
  session,
  onSelect,
}: {
  strings: Strings;
  session: SessionOption;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="session-list">
      <li>
        <SessionButton strings={strings} session={session} onSelect={onSelect} />
      </li>
    </ul>
  );
}

/** The seller's messages (message rules) for what is chosen, each as written. */
export function RuleMessages({ messages }: { messages: readonly string[] | undefined }) {
  return messages && messages.length > 0 ? (
    <ul className="rule-messages">
      {messages.map((text) => (
        <li key={text} className="message">
          {text}
        </li>
      ))}
    </ul>
  ) : null;
}

/** The times not offered because they overlap a visit already in the cart (spec 1 §5 time conflicts). */
export function ConflictingTimes({ strings, times }: { strings: Strings; times: readonly ZonedTime[] }) {
  return times.length > 0 ? (
    <p className="message message--warning">
      {fill(strings.conflictingTimes, { times: times.map((t) => formatTime(t.time, t.zone)).join(', ') })}
    </p>
  ) : null;
}
