import './strings';
import { dayParts } from '../day-format';
import type { Strings } from '../strings';
import { type DayOption, dayBadgeText, dayPriceText } from './day-text';

export interface DayButtonsProps {
  strings: Strings;
  currency: string;
  days: DayOption[];
  selectedDate: string | null;
  onSelectDate: (date: string) => void;
}

/**
 * The day buttons of a date picker (date-first and quantity-first alike, spec 1 §2): weekday, day, the price
 * line (or the month) and the badges; a sold-out day is disabled and says so. Each button's name carries the
 * long date and what it shows.
 */
export function DayButtons({ strings, currency, days, selectedDate, onSelectDate }: DayButtonsProps) {
  return (
    <ul className="day-list">
      {days.map((day) => {
        const parts = dayParts(day.date);
        const price = dayPriceText(day, strings, currency);
        const badges = (day.badges ?? []).map((b) => dayBadgeText(b, strings, currency));
        const details = day.disabled ? [strings.soldOut] : [price, ...badges].filter((x) => x !== null);
        return (
          <li key={day.date}>
            <button
              type="button"
              className="day-button"
              disabled={day.disabled}
              aria-pressed={day.date === selectedDate}
              aria-label={[parts.long, ...details].join(', ')}
              onClick={() => onSelectDate(day.date)}
            >
              <span className="day-button__meta">{parts.weekday}</span>
              <span className="day-button__day">{parts.day}</span>
              <span className="day-button__meta">
                {day.disabled ? strings.soldOut : (price ?? parts.month)}
              </span>
              {day.disabled
                ? null
                : badges.map((text) => (
                    <span key={text} className="day-button__meta day-button__badge">
                      {text}
                    </span>
                  ))}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
