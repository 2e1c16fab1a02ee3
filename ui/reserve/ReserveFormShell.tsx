/**
 * The reserve forms' shell (date-first, quantity-first, single event, one-ticket picker; spec 1 §2), imported as a
 * namespace (`Shell.Form`, `Shell.Tickets`): the form with its notices, blocking message and Try again; a section
 * named by its heading; the date section (the chosen day with Change, or the day buttons with 'Show more dates');
 * the session list (loading, all day, none, the time-of-day tabs); the ticket quantities; the attendee, survey and
 * voucher fields. Presentational only: each form passes what its flow's view model says, with its own callbacks.
 */
import { type ReactNode, type RefObject, useId } from 'react';
import { dayParts } from '../day-format';
import { validateBeforeSubmit } from '../form-validity';
import { formatMoney } from '../format';
import { resolveMessage, type Strings, type UiMessage } from '../strings';
import { AttendeeFields, type AttendeeFieldsProps, type AttendeeOption } from './AttendeeFields';
import { DayButtons } from './DayButtons';
import type { DayOption } from './day-text';
import { type NoticeItem, ReserveFooter, ReserveNotices } from './ReserveNotices';
import {
  AllDaySession,
  ConflictingTimes,
  RuleMessages,
  type SessionOption,
  SessionTabs,
  type SessionTabView,
  type ZonedTime,
} from './SessionTabs';
import { SurveyFields, type SurveyFieldsProps, type SurveyOption } from './SurveyFields';
import { type QuantityGroupOption, TicketQuantities, type TicketQuantitiesProps } from './TicketQuantities';
import { VoucherFields, type VoucherFieldsProps, type VoucherOption } from './VoucherFields';

/** What every reserve form takes besides its view model: the route's wiring and the mobile footer's. */
export interface ReserveFormProps {
  strings: Strings;
  /** The form's id, so a submit button outside it (the mobile reserve footer) submits it. */
  formId?: string;
  /** False when the mobile reserve footer stands in for the form's own total and submit. Default true. */
  showFooter?: boolean;
  currency: string;
  onSubmit: () => void;
  onRetry: () => void;
  /** The visitor typed the amount of a flexible price. */
  onPriceChange?: (ticketTypeId: string, value: string) => void;
}

/** The forms with ticket quantities (all but the one-ticket picker) take besides. */
export interface QuantityFormProps extends ReserveFormProps {
  onIncrement: (ticketTypeId: string) => void;
  onDecrement: (ticketTypeId: string) => void;
  /** The visitor typed into an attendee field. */
  onAdmitChange?: AttendeeFieldsProps['onChange'];
  onSurveyChange?: SurveyFieldsProps['onChange'];
  /** The visitor typed into a city-pass voucher field. */
  onVoucherChange?: VoucherFieldsProps['onChange'];
  /** The seat selection block of a seated event (spec 1 §2). */
  seatBlock?: ReactNode;
}

/** The seller's messages (message rules) by where they show, as the forms' view models carry them. */
type RuleMessagesByPlace = {
  date: readonly string[];
  session: readonly string[];
  quantity: readonly string[];
};

export interface FormProps {
  strings: Strings;
  /** The form's id, so a submit button outside it (the mobile reserve footer) submits it. */
  formId?: string;
  view: {
    canSubmit: boolean;
    messages: readonly NoticeItem[];
    status?: string;
    /** What stands in for the form (no availability, a failed load); its tone follows `status`. */
    blockingMessage?: UiMessage | null;
    canRetry?: boolean;
  };
  /** False: the blocking message is not shown whatever the view says. Default true. */
  blockingShown?: boolean;
  onSubmit: () => void;
  /** Try again, shown while the view can retry; absent: the form shows none (a section of it does). */
  onRetry?: () => void;
  children: ReactNode;
}

/**
 * A reserve form: named 'Reserve form', validated by itself (`validateBeforeSubmit`: the first invalid field gets
 * focus, and the submit still reaches the flow, which shows the fields' errors; the browser's own check would stop
 * it unseen), its notices in a live region, then what blocks it and Try again, then its sections.
 */
export function Form(props: FormProps) {
  const { strings, view } = props;
  return (
    <form
      id={props.formId}
      className="reserve"
      aria-label={strings.reserveForm}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!view.canSubmit) return;
        validateBeforeSubmit(e.currentTarget, strings.inputEmpty);
        props.onSubmit();
      }}
    >
      <ReserveNotices strings={strings} messages={view.messages} />
      {props.blockingShown !== false && view.blockingMessage ? (
        <p className={`message message--${view.status === 'error' ? 'error' : 'warning'}`}>
          {resolveMessage(strings, view.blockingMessage)}
        </p>
      ) : null}
      {props.onRetry && view.canRetry ? <RetryButton strings={strings} onRetry={props.onRetry} /> : null}
      {props.children}
    </form>
  );
}

/** Try again after a failed load. */
export function RetryButton(props: { strings: Strings; onRetry: () => void }) {
  return (
    <button type="button" className="btn btn--secondary" onClick={props.onRetry}>
      {props.strings.tryAgain}
    </button>
  );
}

/**
 * A section of the form named by its heading (an h2). With `headingRef` the heading can take focus (where focus
 * goes when what was pressed is gone); `labelledBy` hands the heading's id to what it names besides the section.
 */
export function Section(props: {
  heading: string;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  section?: string;
  children: ReactNode | ((headingId: string) => ReactNode);
}) {
  const id = useId();
  return (
    <section className="reserve-section" aria-labelledby={id} data-section={props.section}>
      <h2 id={id} ref={props.headingRef} tabIndex={props.headingRef ? -1 : undefined}>
        {props.heading}
      </h2>
      {typeof props.children === 'function' ? props.children(id) : props.children}
    </section>
  );
}

/** A chosen day with its Change button (the button named by what it changes). */
function ChosenDay(props: {
  strings: Strings;
  date: string;
  canChange: boolean;
  onChange: () => void;
  ruleMessages: readonly string[] | undefined;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const { strings } = props;
  return (
    <Section heading={strings.selectedDate} headingRef={props.headingRef}>
      <div className="chosen">
        <strong>{dayParts(props.date).long}</strong>
        {props.canChange ? (
          <ChangeButton label={strings.selectedDate} strings={strings} onClick={props.onChange} />
        ) : null}
      </div>
      <RuleMessages messages={props.ruleMessages} />
    </Section>
  );
}

/** 'Change', named by what it changes ('Change Selected date'). */
export function ChangeButton(props: {
  strings: Strings;
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn--secondary btn--small"
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.strings.change}
      <span className="visually-hidden"> {props.label}</span>
    </button>
  );
}

export interface DateSectionProps {
  strings: Strings;
  currency: string;
  view: {
    selectedDate: string | null;
    dateListOpen: boolean;
    canChangeDate: boolean;
    buttonDays: DayOption[];
    hasMoreDates: boolean;
    /** No day to choose (the quantity-first form says so above the buttons). */
    noDays?: boolean;
    ruleMessages?: RuleMessagesByPlace | null;
  };
  onSelectDate: (date: string) => void;
  onChangeDate: () => void;
  onShowMore: () => void;
  /** The chosen day's heading takes focus when given (the date-first form's). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

/** The date: the chosen day with Change, or the day buttons and 'Show more dates' (the calendar). */
export function DateSection(props: DateSectionProps) {
  const { strings, view } = props;
  if (view.selectedDate && !view.dateListOpen)
    return (
      <ChosenDay
        strings={strings}
        date={view.selectedDate}
        canChange={view.canChangeDate}
        onChange={props.onChangeDate}
        ruleMessages={view.ruleMessages?.date}
        headingRef={props.headingRef}
      />
    );
  return (
    <Section heading={strings.chooseDate}>
      {view.noDays ? <p className="message message--warning">{strings.noTimes}</p> : null}
      <DayChoice
        {...props}
        days={view.buttonDays}
        selectedDate={view.selectedDate}
        more={view.hasMoreDates}
      />
    </Section>
  );
}

/** The day buttons, then 'Show more dates' (opens the calendar) when there are more (reserve and reschedule). */
export function DayChoice(props: {
  strings: Strings;
  currency: string;
  days: DayOption[];
  selectedDate: string | null;
  more: boolean;
  onSelectDate: (date: string) => void;
  onShowMore: () => void;
}) {
  return (
    <>
      <DayButtons
        strings={props.strings}
        currency={props.currency}
        days={props.days}
        selectedDate={props.selectedDate}
        onSelectDate={props.onSelectDate}
      />
      {props.more ? (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={props.onShowMore}
          aria-haspopup="dialog"
        >
          {props.strings.showMoreDates}
        </button>
      ) : null}
    </>
  );
}

/** The day's sessions: loading, the one all-day session, none ('noTimes' unless told not), or the tabs. */
export function SessionList(props: {
  strings: Strings;
  view: {
    sessionTabs: SessionTabView[] | null;
    allDaySession: SessionOption | null;
    initialTab: SessionTabView['id'];
    conflictingTimes: readonly ZonedTime[];
  };
  /** False: an empty day says nothing here (the form offers Try again instead). */
  noTimesShown: boolean;
  /** Shown in place of the list (Try again, when the sessions failed to load). */
  instead?: ReactNode;
  onSelectSession: (id: string) => void;
  /** The section heading's id, which names the tab list. */
  labelledBy: string;
}) {
  const { strings, view } = props;
  const tabs = view.sessionTabs;
  const empty = tabs?.every((tab) => tab.sessions.length === 0) ?? false;
  return (
    <>
      {props.instead ? (
        props.instead
      ) : tabs === null ? (
        <p role="status">{strings.loading}</p>
      ) : view.allDaySession ? (
        <AllDaySession strings={strings} session={view.allDaySession} onSelect={props.onSelectSession} />
      ) : empty ? (
        props.noTimesShown ? (
          <p className="message message--warning">{strings.noTimes}</p>
        ) : null
      ) : (
        <SessionTabs
          strings={strings}
          tabs={tabs}
          initialTab={view.initialTab}
          onSelect={props.onSelectSession}
          labelledBy={props.labelledBy}
        />
      )}
      <ConflictingTimes strings={strings} times={view.conflictingTimes} />
    </>
  );
}

export interface TicketsProps {
  strings: Strings;
  currency: string;
  view: {
    /** Null while the session's tickets load. */
    groups: QuantityGroupOption[] | null;
    ruleMessages?: RuleMessagesByPlace | null;
  };
  onIncrement: (ticketTypeId: string) => void;
  onDecrement: (ticketTypeId: string) => void;
  onPriceChange?: TicketQuantitiesProps['onPriceChange'];
  /** Under the quantities (the quantity-first form's 'Find tickets'). */
  children?: ReactNode;
}

/** 'Choose tickets': the quantities of each group (loading until they come), the seller's messages for them. */
export function Tickets(props: TicketsProps) {
  const { strings, view } = props;
  return (
    <Section heading={strings.chooseTickets}>
      {view.groups === null ? (
        <p role="status">{strings.loading}</p>
      ) : (
        <TicketQuantities
          strings={strings}
          currency={props.currency}
          groups={view.groups}
          onIncrement={props.onIncrement}
          onDecrement={props.onDecrement}
          onPriceChange={props.onPriceChange}
        />
      )}
      <RuleMessages messages={view.ruleMessages?.quantity} />
      {props.children}
    </Section>
  );
}

/** What a reserve carries besides the quantities: attendee names, survey answers, city-pass vouchers. */
export function Extras(props: {
  strings: Strings;
  view: {
    attendees?: readonly AttendeeOption[] | null;
    surveys?: readonly SurveyOption[] | null;
    vouchers?: readonly VoucherOption[] | null;
  };
  onAdmitChange?: AttendeeFieldsProps['onChange'];
  onSurveyChange?: SurveyFieldsProps['onChange'];
  onVoucherChange?: VoucherFieldsProps['onChange'];
}) {
  const { strings, view } = props;
  return (
    <>
      <AttendeeFields
        strings={strings}
        attendees={view.attendees ?? []}
        onChange={props.onAdmitChange ?? noop}
      />
      <SurveyFields strings={strings} surveys={view.surveys ?? []} onChange={props.onSurveyChange ?? noop} />
      <VoucherFields
        strings={strings}
        vouchers={view.vouchers ?? []}
        onChange={props.onVoucherChange ?? noop}
      />
    </>
  );
}

const noop = () => {};

/** The form's own footer: the total in the seller's currency (announced as it changes) and the submit. */
export function Footer(props: {
  strings: Strings;
  currency: string;
  view: { totalCents: number; canSubmit: boolean; submitting: boolean };
}) {
  const { view } = props;
  return (
    <ReserveFooter
      strings={props.strings}
      total={formatMoney(view.totalCents, props.currency)}
      canSubmit={view.canSubmit}
      submitting={view.submitting}
    />
  );
}
