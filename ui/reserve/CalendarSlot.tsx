import { lazy, type RefObject, Suspense, useEffect, useRef } from 'react';
import type { Strings } from '../strings';
import type { DayOption } from './day-text';

/** The calendar modal loads when first asked for: it is not part of any page's first load. */
const CalendarDialog = lazy(() => import('./CalendarDialog').then((m) => ({ default: m.CalendarDialog })));

/** What a page with the 'Choose date' calendar passes on (the props of the pages that open it). */
export interface CalendarSlotProps {
  strings: Strings;
  /** The day prices' currency; absent: the dialog's default. */
  currency?: string;
  days: DayOption[];
  selectedDate: string | null;
  /** The 'Choose date' modal as the modal stack shows it (null: not open). */
  calendar: { closing: boolean; size: 'sm' | 'md' | 'lg' } | null;
  onSelectDate: (date: string) => void;
  /** The calendar's Close button, and after a date is chosen (the stack's `modal.close`). */
  onCloseCalendar: () => void;
  /** Escape or a backdrop click on the calendar (the stack's `modal.dismiss`). */
  onDismissCalendar: () => void;
}

/**
 * The 'Choose date' calendar (the APG date picker dialog) while the modal stack shows it: a day chosen closes it,
 * then selects the day. Shared by the date-first and quantity-first reserve forms and the reschedule page.
 */
export function CalendarSlot(props: CalendarSlotProps) {
  if (!props.calendar) return null;
  return (
    <Suspense fallback={null}>
      <CalendarDialog
        strings={props.strings}
        currency={props.currency}
        days={props.days}
        selectedDate={props.selectedDate}
        closing={props.calendar.closing}
        size={props.calendar.size === 'lg' ? 'lg' : 'md'}
        onSelect={(date) => {
          props.onCloseCalendar();
          props.onSelectDate(date);
        }}
        onClose={props.onCloseCalendar}
        onDismiss={props.onDismissCalendar}
      />
    </Suspense>
  );
}

/**
 * The calendar's opener ('Show more dates') is gone once a day is chosen from it: when the dialog closes and leaves
 * focus on the page, focus goes to `target` (the chosen date's heading; WAI-ARIA date picker dialog: focus returns
 * where it came from).
 */
export function useCalendarReturnFocus(
  calendar: CalendarSlotProps['calendar'],
  target: RefObject<HTMLElement | null>,
): void {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (calendar) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, [calendar, target]);
}
