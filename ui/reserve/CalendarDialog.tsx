import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Strings } from '../strings';
import type { DayOption } from './DateFirstReserve';

export interface CalendarDialogProps {
  strings: Strings;
  days: DayOption[];
  selectedDate: string | null;
  onSelect: (date: string) => void;
  onClose: () => void;
}

const ROWS = 6;
const COLS = 7;

/** 'Choose date' calendar: 6 week rows of 7 days; arrow keys move focus by 1 or 7 days, Enter selects. */
export function CalendarDialog({ strings, days, selectedDate, onSelect, onClose }: CalendarDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d])), [days]);
  const first = days.find((d) => !d.disabled)?.date ?? days[0]?.date ?? dayjs().format('YYYY-MM-DD');
  const [focused, setFocused] = useState(selectedDate ?? first);
  const [month, setMonth] = useState(dayjs(focused).startOf('month'));

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);

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
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby="calendar-title"
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h2 id="calendar-title">{strings.calendarTitle}</h2>
        <button type="button" className="btn btn--secondary btn--small" onClick={onClose}>
          {strings.close}
        </button>
      </div>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', margin: '0.5rem 0' }}
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
      <table className="calendar" aria-label={month.format('MMMM YYYY')}>
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
    </dialog>
  );
}
