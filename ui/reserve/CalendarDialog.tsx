import './strings';
import dayjs from 'dayjs';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dayParts, firstWeekday, monthTitle, weekdayNames } from '../day-format';
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
 * any other key. Enter and Space press the focused day's button. `weekStart` is the locale's first weekday
 * (0 Sunday, 1 Monday …): the week Home and End keep to.
 */
export function dayForKey(key: string, shiftKey: boolean, from: string, weekStart = 0): string | null {
  const d = dayjs(from);
  const intoWeek = (d.day() - weekStart + 7) % 7;
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
      return d.subtract(intoWeek, 'day').format('YYYY-MM-DD');
    case 'End':
      return d.add(6 - intoWeek, 'day').format('YYYY-MM-DD');
    case 'PageUp':
      return d.subtract(1, shiftKey ? 'year' : 'month').format('YYYY-MM-DD');
    case 'PageDown':
      return d.add(1, shiftKey ? 'year' : 'month').format('YYYY-MM-DD');
    default:
      return null;
  }
}

/**
 * 'Choose date' calendar, the WAI-ARIA APG "Date Picker Dialog": a `grid` of 6 week rows of 7 `gridcell`s,
 * labelled by the month heading (announced politely when it changes); one day at a time in the tab order
 * (roving tabindex); arrow keys, Home/End and PageUp/PageDown move focus (see `dayForKey`), Enter and Space
 * select; the month buttons change the month and move the focusable day with it; the chosen day's cell is
 * `aria-selected`. Each day's name starts with what it shows ("26 From $12.00": label in name), then the long
 * date and its badges.
 *
 * Where it differs from the APG example, and why: on opening, focus goes to the chosen day, else the first day
 * that can be booked (the APG starts on today; the calendar's days start at today, so that is today when it can
 * be booked, and when it cannot, a keyboard user would otherwise start on a day there is nothing to choose). Days
 * outside the month are disabled buttons (the APG greys them out too). There are no year buttons: tickets are
 * sold months, not years, ahead; Shift+PageUp/PageDown still move by a year.
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
  const monthId = useId();
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

  // The week starts on the visitor's locale's first weekday (Sunday in en-US, Monday in es).
  const weekStart = firstWeekday();
  const firstOfMonth = month.startOf('month');
  const gridStart = firstOfMonth.subtract((firstOfMonth.day() - weekStart + 7) % 7, 'day');
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
        <h3 id={monthId} aria-live="polite" style={{ margin: 0, fontSize: 'inherit' }}>
          {monthTitle(month.format('YYYY-MM-DD'))}
        </h3>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-label={strings.nextMonth}
          onClick={() => showMonth(1)}
        >
          ›
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG date picker's own markup, a table with role grid (its cells become gridcells, its day buttons the interactive part). */}
      <table ref={ref} className="calendar" role="grid" aria-labelledby={monthId}>
        <thead>
          <tr>
            {cells.slice(0, COLS).map((d) => (
              <th key={d.format('d')} scope="col" abbr={weekdayNames(d.format('YYYY-MM-DD')).long}>
                {weekdayNames(d.format('YYYY-MM-DD')).short}
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
                const shown = [d.format('D'), ...(price ? [price] : [])].join(' ');
                const details = available ? badges : [strings.notAvailable];
                return (
                  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a td of a grid is a gridcell (HTML-AAM), which has aria-selected.
                  <td key={date} aria-selected={date === selectedDate ? true : undefined}>
                    <button
                      type="button"
                      data-date={date}
                      tabIndex={date === focused ? 0 : -1}
                      aria-disabled={!available}
                      disabled={!d.isSame(month, 'month')}
                      aria-label={[shown, dayParts(date).long, ...details].join(', ')}
                      onClick={() => available && onSelect(date)}
                      onKeyDown={(e) => {
                        const next = dayForKey(e.key, e.shiftKey, date, weekStart);
                        if (next) {
                          e.preventDefault();
                          moveFocus(next);
                        }
                      }}
                      style={available ? undefined : { color: 'var(--tix-color-muted)' }}
                    >
                      {d.format('D')}
                      {price ? (
                        <>
                          {' '}
                          <span className="calendar__price">{price}</span>
                        </>
                      ) : null}
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
