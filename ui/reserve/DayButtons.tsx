import './strings';
import { Fragment } from 'react';
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
 * line (or the month) and the badges; a sold-out day is disabled and says so. Each button's name starts with
 * what it shows, word for word (WCAG 2.5.3 label in name: a voice user says "Thu 26"), then the long date.
 */
export function DayButtons({ strings, currency, days, selectedDate, onSelectDate }: DayButtonsProps) {
  return (
    <ul className="day-list">
      {days.map((day) => {
        const parts = dayParts(day.date);
        const price = dayPriceText(day, strings, currency);
        const badges = (day.badges ?? []).map((b) => dayBadgeText(b, strings, currency));
        const shown = [
          parts.weekday,
          parts.day,
          day.disabled ? strings.soldOut : (price ?? parts.month),
          ...(day.disabled ? [] : badges),
        ];
        return (
          <li key={day.date}>
            <button
              type="button"
              className="day-button"
              disabled={day.disabled}
              aria-pressed={day.date === selectedDate}
              aria-label={`${shown.join(' ')}, ${parts.long}`}
              onClick={() => onSelectDate(day.date)}
            >
              {/* Spaces between the parts: their text reads as words, as the name does (label in name). */}
              <span className="day-button__meta">{parts.weekday}</span>{' '}
              <span className="day-button__day">{parts.day}</span>{' '}
              <span className="day-button__meta">
                {day.disabled ? strings.soldOut : (price ?? parts.month)}
              </span>
              {day.disabled
                ? null
                : badges.map((text) => (
                    <Fragment key={text}>
                      {' '}
                      <span className="day-button__meta day-button__badge">{text}</span>
                    </Fragment>
                  ))}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
