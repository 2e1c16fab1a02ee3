// @vitest-environment jsdom
/**
 * The WAI-ARIA Authoring Practices' own regression tests (w3c/aria-practices, test/tests/), restated for our
 * screens (issue 27): the date picker dialog ('Choose date', dialog-modal_datepicker.js), the session tabs
 * ('Choose a time', tabs_tabs-automatic.js), and the accessible-name rule every component test now ends with
 * (tests/names-check.ts).
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstWeekday, tableWeekStart } from '../../ui/day-format';
import { CalendarDialog, dayForKey } from '../../ui/reserve/CalendarDialog';
import { SessionTabs, type SessionTabView } from '../../ui/reserve/SessionTabs';
import { createStrings } from '../../ui/strings';
import { accessibleNameProblems } from './accessible-names';
import { at } from './zoned-times';

afterEach(cleanup);

HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};

const strings = createStrings();
const days = Array.from({ length: 20 }, (_, i) => ({
  date: `2026-12-${String(i + 1).padStart(2, '0')}`,
  disabled: i === 2,
  minPriceCents: 1200,
}));

const openCalendar = (selectedDate: string | null = null) => {
  const onSelect = vi.fn();
  render(
    <CalendarDialog
      strings={strings}
      days={days}
      selectedDate={selectedDate}
      onSelect={onSelect}
      onClose={vi.fn()}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Choose date' });
  return { onSelect, dialog, grid: within(dialog).getByRole('grid') };
};
/** The days in the tab order: the buttons of the grid with tabindex 0. */
const tabbable = (grid: HTMLElement) => [...grid.querySelectorAll('button[tabindex="0"]')];

describe('date picker dialog (APG dialog-modal_datepicker)', () => {
  it('grid role on the table, labelled by the month heading, which is announced politely', () => {
    const { grid, dialog } = openCalendar();
    expect(grid.tagName).toBe('TABLE');
    expect(grid).toHaveAccessibleName('December 2026');
    const heading = within(dialog).getByRole('heading', { name: 'December 2026' });
    expect(grid.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(heading).toHaveAttribute('aria-live', 'polite');
    expect(within(grid).getAllByRole('row')).toHaveLength(7); // the weekday header and 6 weeks
    // 42 day cells: a td of a grid is a gridcell to the browser (HTML-AAM; e2e checks it in Chromium), where
    // Testing Library's role table still says cell.
    expect(grid.querySelectorAll('tbody td')).toHaveLength(42);
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(7);
  });

  it('the month buttons and the dialog have names; the dialog is modal', () => {
    const { dialog } = openCalendar();
    expect(within(dialog).getByRole('button', { name: 'Previous month' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Next month' })).toBeTruthy();
    expect(dialog.tagName).toBe('DIALOG'); // showModal: modal by the platform, as aria-modal="true" says
  });

  it('roving tabindex: exactly one day in the tab order, and it follows the arrow keys', async () => {
    const user = userEvent.setup();
    const { grid } = openCalendar();
    for (let day = 1; day <= 10; day += 1) {
      const focusable = tabbable(grid);
      expect(focusable).toHaveLength(1);
      expect(focusable[0]).toHaveAttribute('data-date', `2026-12-${String(day).padStart(2, '0')}`);
      expect(focusable[0]).toHaveFocus();
      await user.keyboard('{ArrowRight}');
    }
  });

  it('focus starts on the chosen day, else the first day that can be booked', () => {
    const { grid } = openCalendar('2026-12-09');
    expect(tabbable(grid)[0]).toHaveAttribute('data-date', '2026-12-09');
    expect(tabbable(grid)[0]).toHaveFocus();
    cleanup();
    const again = openCalendar();
    expect(tabbable(again.grid)[0]).toHaveAttribute('data-date', '2026-12-01');
  });

  it('aria-selected: none without a chosen day; only the chosen day’s cell with one', () => {
    const none = openCalendar();
    expect(none.grid.querySelectorAll('[aria-selected]')).toHaveLength(0);
    cleanup();
    const { grid } = openCalendar('2026-12-04');
    const selected = grid.querySelectorAll('[aria-selected="true"]');
    expect(selected).toHaveLength(1);
    expect(selected[0]?.tagName).toBe('TD');
    expect(within(selected[0] as HTMLElement).getByRole('button')).toHaveAttribute('data-date', '2026-12-04');
  });

  it('Enter and Space choose the focused day; the next-month button moves the focusable day a month on', async () => {
    const user = userEvent.setup();
    const { onSelect, dialog, grid } = openCalendar();
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('2026-12-02');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith('2026-12-04');
    await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
    expect(grid).toHaveAccessibleName('January 2027');
    expect(tabbable(grid)[0]).toHaveAttribute('data-date', '2027-01-04');
  });

  it('a day’s name starts with what it shows (label in name), then the long date', () => {
    const { grid } = openCalendar();
    expect(
      within(grid).getByRole('button', { name: '1 From $12.00, Tuesday, December 1, 2026' }),
    ).toBeTruthy();
    expect(
      within(grid).getByRole('button', { name: '3, Thursday, December 3, 2026, Not available' }),
    ).toBeTruthy();
    expect(accessibleNameProblems(grid)).toEqual([]);
  });
});

const session = (id: string, timeLabel: string) => ({
  id,
  ...at(timeLabel),
  soldOut: false,
  disabled: false,
  availableCapacity: null,
});
const tabs: SessionTabView[] = [
  { id: 'morning', sessions: [session('m', '10:00 AM')], unavailable: null },
  { id: 'afternoon', sessions: [], unavailable: 'notAvailable' },
  { id: 'evening', sessions: [session('e1', '6:00 PM'), session('e2', '7:00 PM')], unavailable: null },
];
const showTabs = (initialTab: SessionTabView['id'] = 'morning') => {
  const onSelect = vi.fn();
  render(
    <section aria-labelledby="h">
      <h2 id="h">Choose a time</h2>
      <SessionTabs strings={strings} tabs={tabs} initialTab={initialTab} onSelect={onSelect} labelledBy="h" />
    </section>,
  );
  return { onSelect, list: screen.getByRole('tablist') };
};
const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true');

describe('the week in the visitor’s locale (issue 26)', () => {
  it('starts on Sunday in English and on Monday in Spanish; Home and End keep to that week', async () => {
    const { formats } = await import('../../ui/format');
    const firstColumn = (grid: HTMLElement) => within(grid).getAllByRole('columnheader')[0];
    const firstDay = (grid: HTMLElement) => grid.querySelector('tbody button')?.getAttribute('data-date');
    // 1 December 2026 is a Tuesday.
    let { grid } = openCalendar();
    expect(firstColumn(grid)).toHaveTextContent('Su');
    expect(firstDay(grid)).toBe('2026-11-29');
    expect(dayForKey('Home', false, '2026-12-03')).toBe('2026-11-29');
    expect(dayForKey('End', false, '2026-12-03')).toBe('2026-12-05');
    cleanup();
    try {
      formats.locale = 'es-ES';
      ({ grid } = openCalendar());
      expect(firstColumn(grid)).toHaveTextContent('lun');
      expect(firstColumn(grid)).toHaveAttribute('abbr', 'lunes');
      expect(firstDay(grid)).toBe('2026-11-30');
      expect(firstWeekday()).toBe(1);
      expect(dayForKey('Home', false, '2026-12-03', 1)).toBe('2026-11-30');
      expect(dayForKey('End', false, '2026-12-03', 1)).toBe('2026-12-06');
      // A Sunday is the last day of a Monday week.
      expect(dayForKey('Home', false, '2026-12-06', 1)).toBe('2026-11-30');
    } finally {
      formats.locale = undefined;
    }
    expect(firstWeekday('en-US')).toBe(0);
    expect(firstWeekday('es')).toBe(1);
    expect(firstWeekday('en-GB')).toBe(1);
    expect(firstWeekday(undefined)).toBe(0);
  });

  it('without the platform’s week information, a table: Sunday for en-US, pt-BR and en, Monday for es, es-ES, fr', () => {
    expect(['en-US', 'pt-BR', 'en', 'es-MX', 'he'].map(tableWeekStart)).toEqual([0, 0, 0, 0, 0]);
    expect(['es', 'es-ES', 'fr', 'de-DE', 'en-GB'].map(tableWeekStart)).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('session tabs (APG tabs_tabs-automatic)', () => {
  it('the tab list is labelled by the visible heading, not a copy of its text', () => {
    const { list } = showTabs();
    expect(list).toHaveAccessibleName('Choose a time');
    expect(list).not.toHaveAttribute('aria-label');
    expect(list).toHaveAttribute('aria-labelledby', 'h');
  });

  it('every tab that can be opened controls a panel in the page, labelled by its tab; only the selected one shows', () => {
    showTabs();
    for (const tab of screen.getAllByRole('tab').filter((t) => !(t as HTMLButtonElement).disabled)) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(panel).not.toBeNull();
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
      expect(panel?.hidden).toBe(tab.getAttribute('aria-selected') !== 'true');
    }
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Morning');
  });

  it('one tab in the tab order; arrows move and select (wrapping, skipping a tab with nothing in it)', async () => {
    const user = userEvent.setup();
    showTabs();
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toHaveLength(1);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Morning' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Evening' })).toHaveFocus();
    expect(selectedTab()).toHaveAccessibleName('Evening');
    expect(within(screen.getByRole('tabpanel')).getAllByRole('button')).toHaveLength(2);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Morning' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Evening' })).toHaveFocus();
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([selectedTab()]);
  });

  it('Home and End move to and select the first and the last tab', async () => {
    const user = userEvent.setup();
    showTabs();
    await user.tab();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Evening' })).toHaveFocus();
    expect(selectedTab()).toHaveAccessibleName('Evening');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Morning' })).toHaveFocus();
    expect(selectedTab()).toHaveAccessibleName('Morning');
  });
});

describe('the accessible-name rule (tests/ui/accessible-names.ts)', () => {
  it('finds two controls of one name in a region, a name hiding the shown text, and a control with no name', () => {
    render(
      <form aria-label="Book tickets">
        <button type="button">Add one Adult</button>
        <button type="button">Add one Adult</button>
        <button type="button" aria-label="Thursday, November 26, 2026, From $12.00">
          Thu 26 From $12.00
        </button>
        <input type="text" />
      </form>,
    );
    const found = accessibleNameProblems(document.body);
    document.body.innerHTML = '';
    expect(found.map((p) => p.rule).sort()).toEqual(['duplicate in region', 'label in name', 'no name']);
  });

  it('accepts one name in two regions, a symbol face (+) and a name that starts with the shown text', () => {
    render(
      <>
        <section aria-label="Stalls">
          <button type="button" aria-label="Add one Adult">
            +
          </button>
        </section>
        <section aria-label="Balcony">
          <button type="button" aria-label="Add one Adult">
            +
          </button>
        </section>
        <button type="button" aria-label="Thu 26 From $12.00, Thursday, November 26, 2026">
          Thu 26 From $12.00
        </button>
      </>,
    );
    expect(accessibleNameProblems(document.body)).toEqual([]);
  });
});
