import { useLayoutEffect, useRef, useState } from 'react';
import { formatTime } from './format';
import { fill, type Strings } from './strings';
import './listing-strings';

export type DateChoice = 'today' | 'tomorrow';

/**
 * A time of day, 'HH:mm', in the time format, 'h:mm A' ('2:30 PM'; in Spanish '14:30'): here, with the one view
 * that shows such times, not in the cart widget's formats.
 */
export const formatClock = (time: string) => formatTime(`1970-01-01T${time}:00.000Z`, 'UTC');

export interface ListingFiltersProps {
  strings: Strings;
  /** Category buttons (null: one category or none, no filter). */
  categories: { options: string[]; selected: string | null } | null;
  dates: { options: readonly DateChoice[]; selected: DateChoice | null } | null;
  /** The time filter's half-hour steps, 'HH:mm', written in the visitor's locale (null: hidden). */
  time: { steps: string[]; start: string | null; end: string | null } | null;
  onCategory: (category: string | null) => void;
  onDate: (date: DateChoice | null) => void;
  onTime: (which: 'start' | 'end', value: string) => void;
}

/** The listing's filters: category buttons (a dropdown above two rows), today/tomorrow, the visit time. */
export function ListingFilters({
  strings,
  categories,
  dates,
  time,
  onCategory,
  onDate,
  onTime,
}: ListingFiltersProps) {
  if (!categories && !dates && !time) return null;
  return (
    <section className="listing-filters" aria-label={strings.filters}>
      {categories ? <CategoryFilter strings={strings} {...categories} onCategory={onCategory} /> : null}
      {dates ? (
        <fieldset className="listing-filters__row listing-filters__group">
          <legend className="visually-hidden">{strings.filterDate}</legend>
          {dates.options.map((d) => (
            <button
              key={d}
              type="button"
              className="btn btn--secondary btn--small filter-chip"
              aria-pressed={dates.selected === d}
              onClick={() => onDate(dates.selected === d ? null : d)}
            >
              {strings[d]}
            </button>
          ))}
        </fieldset>
      ) : null}
      {time ? <TimeFilter strings={strings} {...time} onTime={onTime} /> : null}
    </section>
  );
}

function CategoryFilter({
  strings,
  options,
  selected,
  onCategory,
}: {
  strings: Strings;
  options: string[];
  selected: string | null;
  onCategory: (category: string | null) => void;
}) {
  const measure = useRef<HTMLDivElement>(null);
  const [asDropdown, setAsDropdown] = useState(false);
  const all = [strings.allCategories, ...options];
  // The buttons are laid out in an invisible copy of the row: above two rows the dropdown is shown.
  useLayoutEffect(() => {
    const el = measure.current;
    if (!el) return;
    const check = () => {
      const rows = new Set(Array.from(el.children, (child) => (child as HTMLElement).offsetTop));
      setAsDropdown(rows.size > 2);
    };
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="listing-filters__categories">
      <div ref={measure} className="listing-filters__row listing-filters__measure" aria-hidden="true">
        {all.map((label) => (
          <span key={label} className="btn btn--secondary btn--small filter-chip">
            {label}
          </span>
        ))}
      </div>
      {asDropdown ? (
        <label className="listing-filters__select">
          <span>{strings.filterCategory}</span>
          <select value={selected ?? ''} onChange={(e) => onCategory(e.currentTarget.value || null)}>
            <option value="">{strings.allCategories}</option>
            {options.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <fieldset className="listing-filters__row listing-filters__group">
          <legend className="visually-hidden">{strings.filterCategory}</legend>
          <button
            type="button"
            className="btn btn--secondary btn--small filter-chip"
            aria-pressed={selected === null}
            onClick={() => onCategory(null)}
          >
            {strings.allCategories}
          </button>
          {options.map((c) => (
            <button
              key={c}
              type="button"
              className="btn btn--secondary btn--small filter-chip"
              aria-pressed={selected === c}
              onClick={() => onCategory(c)}
            >
              {c}
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}

/** 'I'm planning a visit between {start} and {end}' with two selects; Arrival and Departure on phones. */
function TimeFilter({
  strings,
  steps,
  start,
  end,
  onTime,
}: {
  strings: Strings;
  steps: string[];
  start: string | null;
  end: string | null;
  onTime: (which: 'start' | 'end', value: string) => void;
}) {
  const parts = strings.visitBetween.split(/(\{start\}|\{end\})/);
  const select = (which: 'start' | 'end') => {
    const choices = which === 'start' ? steps.slice(0, -1) : steps.slice(1);
    return (
      <label key={which} className="time-filter__field">
        <span className="time-filter__label">{which === 'start' ? strings.arrival : strings.departure}</span>
        <select
          value={(which === 'start' ? start : end) ?? ''}
          onChange={(e) => onTime(which, e.currentTarget.value)}
        >
          <option value="">{strings.anyTime}</option>
          {choices.map((s) => (
            <option key={s} value={s}>
              {formatClock(s)}
            </option>
          ))}
        </select>
      </label>
    );
  };
  return (
    <p className="time-filter">
      {parts.map((part, i) =>
        part === '{start}' ? (
          select('start')
        ) : part === '{end}' ? (
          select('end')
        ) : part.trim() ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the template's parts are fixed
          <span key={i} className="time-filter__text">
            {fill(part, {})}
          </span>
        ) : null,
      )}
    </p>
  );
}
