/**
 * Components' own stories: `ui/` components with plain props in the states a visitor rarely reaches by
 * hand (loading, empty, error), beside the flows' stories. Callbacks do nothing.
 */
import type { ReactNode } from 'react';
import { CartWidget, type CartWidgetItem, type CartWidgetLine, type CartWidgetTotal } from '../ui/CartWidget';
import { CartTimer } from '../ui/cart/CartTimer';
import { CheckoutView, type IdentityFieldProps } from '../ui/checkout/CheckoutView';
import { EventList } from '../ui/EventList';
import { NotFound } from '../ui/NotFound';
import { DateFirstReserve, type ReserveView } from '../ui/reserve/DateFirstReserve';
import type { Strings } from '../ui/strings';

const field = (
  name: IdentityFieldProps['name'],
  input: IdentityFieldProps['input'],
  autoComplete: string,
  extra: Partial<IdentityFieldProps> = {},
): IdentityFieldProps => ({
  name,
  label: name,
  input,
  autoComplete,
  maxLength: 50,
  required: false,
  disabled: false,
  options: null,
  ...extra,
});
/** The identity form with every field a seller may ask (spec 2 §3), a Canadian address. */
const STORY_FIELDS: IdentityFieldProps[] = [
  field('firstName', 'text', 'given-name', { required: true }),
  field('lastName', 'text', 'family-name', { required: true }),
  field('email', 'email', 'email', { required: true, maxLength: 254 }),
  field('emailConfirm', 'email', 'email', { maxLength: 254 }),
  field('phone', 'tel', 'tel'),
  field('country', 'select', 'country', {
    options: [
      { value: 'CA', label: 'Canada' },
      { value: 'US', label: 'United States' },
    ],
  }),
  field('address', 'text', 'address-line1', { maxLength: 1000 }),
  field('addressMore', 'text', 'address-line2', { maxLength: 1000 }),
  field('city', 'text', 'address-level2', { maxLength: 1000 }),
  field('state', 'select', 'address-level1', {
    label: 'province',
    options: [
      { value: 'ON', label: 'Ontario' },
      { value: 'QC', label: 'Quebec' },
    ],
  }),
  field('zipCode', 'text', 'postal-code', { label: 'postalCode', maxLength: 10 }),
];

export interface ComponentStory {
  /** `<Component>/<state>`, e.g. `CartWidget/empty`: the URL's `component`. */
  id: string;
  render: (strings: Strings) => ReactNode;
}

const noop = () => {};

const lines: CartWidgetLine[] = [
  { key: 'subtotal', amountCents: 4000 },
  { key: 'feesFixed', amountCents: 300 },
  { key: 'feesPercent', amountCents: 200 },
];
const total: CartWidgetTotal = { key: 'total', amountCents: 4500 };
const giftCardLines: CartWidgetLine[] = [
  ...lines,
  { key: 'giftCard', amountCents: -1000, cardEnding: '4321', balanceLeftCents: 1500 },
  { key: 'payments', amountCents: -500 },
  { key: 'cartBalance', amountCents: 3000 },
];

const items: CartWidgetItem[] = [
  {
    key: 'ev-1:s-0930',
    eventName: 'General Admission',
    start: '2026-11-21T14:30:00Z',
    timezone: 'America/New_York',
    image: null,
    lines: [
      { ticketTypeId: 't-adult', name: 'Adult', count: 1, totalCents: 2000 },
      { ticketTypeId: 't-child', name: 'Child', count: 2, totalCents: 2000 },
    ],
    ticketIds: ['t1', 't2', 't3'],
  },
];

const cart = (strings: Strings, over: Partial<Parameters<typeof CartWidget>[0]> = {}) => (
  <CartWidget
    strings={strings}
    currency="USD"
    items={[]}
    lines={[]}
    total={null}
    timer={null}
    busy={false}
    checkoutHref="#checkout"
    onNavigate={noop}
    onAskRemove={noop}
    {...over}
  />
);

const reserveView: ReserveView = {
  status: 'loading',
  blockingMessage: null,
  days: [],
  buttonDays: [],
  hasMoreDates: false,
  selectedDate: null,
  dateListOpen: true,
  canChangeDate: false,
  hasFlexible: false,
  flexibleChosen: false,
  sessionTabs: null,
  initialTab: 'morning',
  conflictingTimes: [],
  allDaySession: null,
  ruleMessages: { date: [], session: [], quantity: [] },
  sessionListOpen: false,
  selectedSession: null,
  groups: null,
  fewTickets: null,
  attendees: [],
  surveys: [],
  vouchers: [],
  totalCents: 0,
  canSubmit: false,
  submitting: false,
  messages: [],
  canRetry: false,
};

const reserve = (strings: Strings, view: Partial<ReserveView>) => (
  <DateFirstReserve
    strings={strings}
    currency="USD"
    view={{ ...reserveView, ...view }}
    calendar={null}
    onShowMore={noop}
    onCloseCalendar={noop}
    onDismissCalendar={noop}
    onRetry={noop}
    onSelectDate={noop}
    onChangeDate={noop}
    onSelectSession={noop}
    onChangeSession={noop}
    onIncrement={noop}
    onDecrement={noop}
    onSubmit={noop}
  />
);

export const componentStories: ComponentStory[] = [
  { id: 'CartWidget/empty', render: (s) => cart(s) },
  {
    id: 'CartWidget/items, under 5 minutes left',
    render: (s) =>
      cart(s, {
        items,
        lines,
        total,
        timer: { label: '4:59', style: 'warning', announcement: 'fiveMinutesLeft' },
      }),
  },
  {
    id: 'CartWidget/removing, under 2 minutes left',
    render: (s) =>
      cart(s, {
        items,
        lines,
        total,
        busy: true,
        timer: { label: '1:01', style: 'error', announcement: 'twoMinutesLeft' },
      }),
  },
  {
    id: 'CartWidget/gift card, payments and a partial total',
    render: (s) =>
      cart(s, { items, lines: giftCardLines, total: { key: 'partialTotal', amountCents: 1500 } }),
  },
  {
    id: 'CartTimer/more time offered',
    render: (s) => (
      <CartTimer
        strings={s}
        onExtend={noop}
        timer={{
          label: '1:42',
          style: 'error',
          announcement: 'twoMinutesLeft',
          moreTime: { offered: true, busy: false, message: null },
        }}
      />
    ),
  },
  {
    id: 'CartTimer/no more time',
    render: (s) => (
      <CartTimer
        strings={s}
        onExtend={noop}
        timer={{
          label: '0:58',
          style: 'error',
          announcement: 'twoMinutesLeft',
          moreTime: { offered: false, busy: false, message: { key: 'holdExtensionLimit' } },
        }}
      />
    ),
  },
  { id: 'DateFirstReserve/loading', render: (s) => reserve(s, {}) },
  {
    id: 'DateFirstReserve/no availability',
    render: (s) =>
      reserve(s, {
        status: 'noAvailability',
        blockingMessage: { key: 'eventUnavailable' },
        dateListOpen: false,
      }),
  },
  {
    id: 'DateFirstReserve/load error',
    render: (s) =>
      reserve(s, {
        status: 'error',
        blockingMessage: {
          key: 'errorDescription',
          params: { description: 'The calendar could not be loaded.' },
        },
        canRetry: true,
        dateListOpen: false,
      }),
  },
  {
    id: 'EventList/empty',
    render: (s) => <EventList strings={s} events={[]} hrefFor={(id) => `#${id}`} onNavigate={noop} />,
  },
  {
    id: 'EventList/two events',
    render: (s) => (
      <EventList
        strings={s}
        events={[
          {
            id: 'ev-1',
            name: 'General Admission',
            subtitle: 'Timed entry',
            summary: null,
            venue: { name: 'Museum' },
            image: null,
          },
          {
            id: 'ev-2',
            name: 'Planetarium Show',
            subtitle: null,
            summary: 'Under the dome.',
            venue: { name: 'Planetarium' },
            image: null,
          },
        ]}
        hrefFor={(id) => `#${id}`}
        onNavigate={noop}
      />
    ),
  },
  {
    id: 'CheckoutView/refused submit',
    render: (s) => (
      <CheckoutView
        strings={s}
        currency="USD"
        title={s.paymentInformation}
        showIdentityForm
        fields={STORY_FIELDS}
        values={{ firstName: 'Ada', lastName: '', email: 'not-an-email', emailConfirm: '', country: 'CA' }}
        fieldErrors={{ lastName: { key: 'lastNameRequired' }, email: { key: 'emailInvalid' } }}
        formError={{ key: 'errorDescription', params: { description: 'Please correct the errors above.' } }}
        status={null}
        errorVersion={1}
        totalCents={4300}
        submitting={false}
        canSubmit
        cardForm={<p className="message">The payment adapter’s card form goes here.</p>}
        onFieldChange={noop}
        onFieldFocus={noop}
        onSubmit={noop}
      />
    ),
  },
  {
    id: 'NotFound/missing path',
    render: (s) => (
      <NotFound strings={s} path="/events/unknown" query="tg=1" homeHref="#home" onNavigate={noop} />
    ),
  },
];
