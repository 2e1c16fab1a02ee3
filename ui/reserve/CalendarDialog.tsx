import './strings';
import dayjs from 'dayjs';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Modal } from '../modal/Modal';
import type { Strings } from '../strings';
import { type DayOption, dayBadgeText, dayPriceText } from './day-text';

export interface CalendarDialogProps {
  strings: Strings;
  /** Currency of the day prices (default USD). */
  currency?: string;
  days: DayOption[];
  selectedDate: string | null;
  onSelect: (date: string) => void;
  /** The 'Close' button (a button inside the modal); also Escape and backdrop when `onDismiss` is not given. */
  onClose: () => void;
  /** Escape or a backdrop click (the modal stack's `modal.dismiss`). Default: `onClose`. */
  onDismiss?: () => void;
  /** Plays the close transition (the modal stack removes it after 200 ms). */
  closing?: boolean;
  /** md (default) or lg. */
  size?: 'md' | 'lg';
}

const ROWS = 6;
const COLS = 7;

/**
 * The keys of the WAI-ARIA date picker dialog's grid, as the day a key moves focus to: arrows by 1 or 7 days,
 * Home/End to the first/last day of the week, PageUp/PageDown by a month (with Shift by a year). Null for
 * any other key. Enter and Space press the focused day's button.
 */
export function dayForKey(key: string, shiftKey: boolean, from: string): string | null {
  const d = dayjs(from);
  switch (key) {
    case 'ArrowLeft':
      return d.subtract(1, 'day').format('YYYY-MM-DD');
    case 'ArrowRight':
      return d.add(1, 'day').format('YYYY-MM-DD');
    case 'ArrowUp':
      return d.subtract(7, 'day').format('YYYY-MM-DD');
    case 'ArrowDown':
      return d.add(7, 'day').format('YYYY-MM-DD');
    case 'Home':
      return d.startOf('week').format('YYYY-MM-DD');
    case 'End':
      return d.endOf('week').format('YYYY-MM-DD');
    case 'PageUp':
      return d.subtract(1, shiftKey ? 'year' : 'month').format('YYYY-MM-DD');
    case 'PageDown':
      return d.add(1, shiftKey ? 'year' : 'month').format('YYYY-MM-DD');
    default:
      return null;
  }
}

/**
 * 'Choose date' calendar (WAI-ARIA date picker dialog): 6 week rows of 7 days; arrow keys, Home/End and
 * PageUp/PageDown move focus (see `dayForKey`), Enter selects; the month buttons change the month and move
 * the focusable day with it. Each day's name carries its price and badges.
 */
export function CalendarDialog({
  strings,
  currency = 'USD',
  days,
  selectedDate,
  onSelect,
  onClose,
  onDismiss,
  closing = false,
  size = 'md',
}: CalendarDialogProps) {
  const ref = useRef<HTMLTableElement>(null);
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d])), [days]);
  const first = days.find((d) => !d.disabled)?.date ?? days[0]?.date ?? dayjs().format('YYYY-MM-DD');
  const [focused, setFocused] = useState(selectedDate ?? first);
  const [month, setMonth] = useState(dayjs(focused).startOf('month'));

  // Moving by key focuses the new day; the month buttons keep focus on themselves. A layout effect: focus moves
  // with the render, before the next key arrives (Preact runs plain effects after paint; a quick End then
  // PageDown went to the day the focus had not left yet).
  const focusDay = useRef(false);
  useLayoutEffect(() => {
    if (!focusDay.current) return;
    focusDay.current = false;
    ref.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const gridStart = month.startOf('month').startOf('week');
  const cells = Array.from({ length: ROWS * COLS }, (_, i) => gridStart.add(i, 'day'));

  const moveFocus = (date: string) => {
    const next = dayjs(date);
    if (!next.isSame(month, 'month')) setMonth(next.startOf('month'));
    focusDay.current = true;
    setFocused(date);
  };
  /** The month buttons: the same day of the other month (clamped to its length) becomes focusable. */
  const showMonth = (delta: number) => {
    const next = month.add(delta, 'month');
    setMonth(next);
    setFocused(dayjs(focused).add(delta, 'month').format('YYYY-MM-DD'));
  };

  return (
    <Modal
      name="chooseDate"
      title={strings.calendarTitle}
      size={size}
      closeable
      closing={closing}
      onDismiss={onDismiss ?? onClose}
      onClose={onClose}
      closeLabel={strings.close}
      initialFocus={`[data-date="${focused}"]`}
    >
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          margin: '0.5rem 0',
        }}
      >
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-label={strings.previousMonth}
          onClick={() => showMonth(-1)}
        >
          ‹
        </button>
        <p aria-live="polite" style={{ margin: 0, fontWeight: 700 }}>
          {month.format('MMMM YYYY')}
        </p>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-label={strings.nextMonth}
          onClick={() => showMonth(1)}
        >
          ›
        </button>
      </div>
      <table ref={ref} className="calendar" aria-label={month.format('MMMM YYYY')}>
        <thead>
          <tr>
            {cells.slice(0, COLS).map((d) => (
              <th key={d.format('d')} scope="col" abbr={d.format('dddd')}>
                {d.format('dd')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: ROWS }, (_, row) => (
            <tr key={cells[row * COLS]?.format('YYYY-MM-DD')}>
              {cells.slice(row * COLS, row * COLS + COLS).map((d) => {
                const date = d.format('YYYY-MM-DD');
                const option = byDate.get(date);
                const available = option ? !option.disabled : false;
                const price = option && available ? dayPriceText(option, strings, currency) : null;
                const badges =
                  option && available
                    ? (option.badges ?? []).map((b) => dayBadgeText(b, strings, currency))
                    : [];
                const details = available
                  ? [price, ...badges].filter((x) => x !== null)
                  : [strings.notAvailable];
                return (
                  <td key={date}>
                    <button
                      type="button"
                      data-date={date}
                      tabIndex={date === focused ? 0 : -1}
                      aria-disabled={!available}
                      disabled={!d.isSame(month, 'month')}
                      aria-label={
                        available
                          ? [d.format('dddd, MMMM D, YYYY'), ...details].join(', ')
                          : `${d.format('dddd, MMMM D, YYYY')} — ${strings.notAvailable}`
                      }
                      aria-current={date === selectedDate ? 'date' : undefined}
                      onClick={() => available && onSelect(date)}
                      onKeyDown={(e) => {
                        const next = dayForKey(e.key, e.shiftKey, date);
                        if (next) {
                          e.preventDefault();
                          moveFocus(next);
                        }
                      }}
                      style={available ? undefined : { color: 'var(--tix-color-muted)' }}
                    >
                      {d.format('D')}
                      {price ? <span className="calendar__price">{price}</span> : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
