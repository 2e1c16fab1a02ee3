import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Modal } from '../modal/Modal';
import type { Strings } from '../strings';
import type { DayOption } from './DateFirstReserve';

export interface CalendarDialogProps {
  strings: Strings;
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

/** 'Choose date' calendar: 6 week rows of 7 days; arrow keys move focus by 1 or 7 days, Enter selects. */
export function CalendarDialog({
  strings,
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

  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const gridStart = month.startOf('month').startOf('week');
  const cells = Array.from({ length: ROWS * COLS }, (_, i) => gridStart.add(i, 'day'));

  const moveFocus = (delta: number) => {
    const next = dayjs(focused).add(delta, 'day');
    if (!next.isSame(month, 'month')) setMonth(next.startOf('month'));
    setFocused(next.format('YYYY-MM-DD'));
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
          aria-label="Previous month"
          onClick={() => setMonth(month.subtract(1, 'month'))}
        >
          ‹
        </button>
        <p aria-live="polite" style={{ margin: 0, fontWeight: 700 }}>
          {month.format('MMMM YYYY')}
        </p>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-label="Next month"
          onClick={() => setMonth(month.add(1, 'month'))}
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
                return (
                  <td key={date}>
                    <button
                      type="button"
                      data-date={date}
                      tabIndex={date === focused ? 0 : -1}
                      aria-disabled={!available}
                      disabled={!d.isSame(month, 'month')}
                      aria-label={`${d.format('dddd, MMMM D, YYYY')}${available ? '' : ` — ${strings.notAvailable}`}`}
                      aria-current={date === selectedDate ? 'date' : undefined}
                      onClick={() => available && onSelect(date)}
                      onKeyDown={(e) => {
                        const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
                        if (step) {
                          e.preventDefault();
                          moveFocus(step);
                        }
                      }}
                      style={available ? undefined : { color: 'var(--tix-color-muted)' }}
                    >
                      {d.format('D')}
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
