// @vitest-environment jsdom
/**
 * The screen and the story viewer offer a view the same callbacks: both spread the callbacks the flow's view
 * builds from `send` (machines/reserve/dateFirstReserve.view.ts, quantityFirstReserve.view.ts, singleEventReserve.view.ts, oneTicketReserve.view.ts, and the
 * view.ts of password reset, set email, email submit and promo code), so they cannot drift apart again (the
 * date-first story had no flexible-ticket or seat callbacks).
 *
 * - The compiler holds that each builder offers every callback (`on…` prop) its `ui/` view declares, optional
 *   ones included, but those its host owns (the calendar modal lives on the modal stack).
 * - Every callback sends an event its flow's machine handles.
 * - The date-first story offers the flexible tickets choice, and what it sends drives the real machine.
 */

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { accountMachine } from '../../machines/account/account.machine';
import { accountCallbacks } from '../../machines/account/view';
import { emailSubmitMachine } from '../../machines/emailSubmit/emailSubmit.machine';
import { emailSubmitCallbacks } from '../../machines/emailSubmit/view';
import { giftCardMachine } from '../../machines/giftCard/giftCard.machine';
import { giftCardCallbacks } from '../../machines/giftCard/view';
import { passwordResetMachine } from '../../machines/passwordReset/passwordReset.machine';
import { passwordResetCallbacks } from '../../machines/passwordReset/view';
import { promoCodeMachine } from '../../machines/promoCode/promoCode.machine';
import { promoCodeCallbacks } from '../../machines/promoCode/view';
import { ticketFormMachine } from '../../machines/reserve/core/ticketForm.machine';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import { dateFirstReserveCallbacks } from '../../machines/reserve/dateFirstReserve.view';
import { oneTicketReserveMachine } from '../../machines/reserve/oneTicketReserve.machine';
import { oneTicketCallbacks } from '../../machines/reserve/oneTicketReserve.view';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import { quantityFirstReserveCallbacks } from '../../machines/reserve/quantityFirstReserve.view';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import { singleEventCallbacks } from '../../machines/reserve/singleEventReserve.view';
import { setEmailMachine } from '../../machines/setEmail/setEmail.machine';
import { setEmailCallbacks } from '../../machines/setEmail/view';
import { createStoryRunner } from '../../stories/fixtures/story';
import { stories } from '../../stories/stories';
import { storyViews } from '../../stories/viewer/views';
import type { AccountFormViewProps } from '../../ui/account/AccountFormView';
import type { EmailSubmitViewProps } from '../../ui/account/EmailSubmitView';
import type { PasswordResetViewProps } from '../../ui/account/PasswordResetView';
import type { SetEmailViewProps } from '../../ui/account/SetEmailView';
import type { GiftCardFieldProps } from '../../ui/checkout/GiftCardField';
import type { PromoCodeBoxProps } from '../../ui/checkout/PromoCodeBox';
import type { DateFirstReserveProps } from '../../ui/reserve/DateFirstReserve';
import type { OneTicketPickerProps } from '../../ui/reserve/OneTicketPicker';
import type { QuantityFirstReserveProps } from '../../ui/reserve/QuantityFirstReserve';
import type { SingleEventReserveProps } from '../../ui/reserve/SingleEventReserve';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

/** The callbacks a view declares: its `on…` props, optional ones included. */
type Callbacks<P> = keyof { [K in keyof P as K extends `on${string}` ? K : never]-?: P[K] };
/** The 'Choose date' calendar's callbacks: the host opens and closes it on the modal stack. */
type CalendarCallbacks = 'onShowMore' | 'onCloseCalendar' | 'onDismissCalendar';
/** Navigation and the login modal: the host's, not the flow's. */
type HostCallbacks = 'onNavigate' | 'onLogin';
type Offered<F extends (...args: never[]) => object> = keyof ReturnType<F>;

describe("each view's callbacks come from its flow's view", () => {
  it('offer every callback the ui/ view declares (the compiler checks)', () => {
    expectTypeOf<Offered<typeof dateFirstReserveCallbacks>>().toEqualTypeOf<
      Exclude<Callbacks<DateFirstReserveProps>, CalendarCallbacks>
    >();
    expectTypeOf<Offered<typeof quantityFirstReserveCallbacks>>().toEqualTypeOf<
      Exclude<Callbacks<QuantityFirstReserveProps>, CalendarCallbacks>
    >();
    expectTypeOf<Offered<typeof singleEventCallbacks>>().toEqualTypeOf<Callbacks<SingleEventReserveProps>>();
    expectTypeOf<Offered<typeof oneTicketCallbacks>>().toEqualTypeOf<Callbacks<OneTicketPickerProps>>();
    expectTypeOf<Offered<typeof passwordResetCallbacks>>().toEqualTypeOf<
      Exclude<Callbacks<PasswordResetViewProps>, HostCallbacks>
    >();
    expectTypeOf<Offered<typeof setEmailCallbacks>>().toEqualTypeOf<Callbacks<SetEmailViewProps>>();
    expectTypeOf<Offered<typeof emailSubmitCallbacks>>().toEqualTypeOf<
      Exclude<Callbacks<EmailSubmitViewProps>, HostCallbacks>
    >();
    expectTypeOf<Offered<typeof promoCodeCallbacks>>().toEqualTypeOf<Callbacks<PromoCodeBoxProps>>();
    expectTypeOf<Offered<typeof giftCardCallbacks>>().toEqualTypeOf<Callbacks<GiftCardFieldProps>>();
    expectTypeOf<Offered<typeof accountCallbacks>>().toEqualTypeOf<
      Exclude<Callbacks<AccountFormViewProps>, HostCallbacks>
    >();
  });

  it.each([
    ['date-first', dateFirstReserveMachine, dateFirstReserveCallbacks, ticketFormMachine],
    ['quantity-first', quantityFirstReserveMachine, quantityFirstReserveCallbacks, ticketFormMachine],
    ['single event', singleEventReserveMachine, singleEventCallbacks, ticketFormMachine],
    ['one ticket', oneTicketReserveMachine, oneTicketCallbacks],
    ['password reset', passwordResetMachine, passwordResetCallbacks],
    ['set email', setEmailMachine, setEmailCallbacks],
    ['email submit', emailSubmitMachine, emailSubmitCallbacks],
    ['promo code', promoCodeMachine, promoCodeCallbacks],
    ['gift card', giftCardMachine, giftCardCallbacks],
    ['account', accountMachine, accountCallbacks],
  ] as [
    string,
    AnyStateMachine,
    (send: (event: EventObject) => void, sendChild: (event: EventObject) => void) => object,
    AnyStateMachine?,
  ][])(
    'send only events the %s machine (or the child it sends to) handles',
    (_name, machine, build, child) => {
      // A flow whose form is a child actor (every reserve variant's `ticketForm`) builds its callbacks from two sends:
      // what goes to the child is held to the child's events, the rest to the flow's.
      const sent: EventObject[] = [];
      const sentToChild: EventObject[] = [];
      const callbacks = build(
        (event) => sent.push(event),
        (event) => sentToChild.push(event),
      ) as Record<string, (...args: unknown[]) => void>;
      for (const callback of Object.values(callbacks)) callback('t-1', 0, 'name', 'value');
      expect(sent.length + sentToChild.length).toBe(Object.keys(callbacks).length);
      if (child) expect(sentToChild.length).toBeGreaterThan(0);
      else expect(sentToChild).toEqual([]);
      const handled = new Set(machine.root.events);
      for (const event of sent) expect(handled, event.type).toContain(event.type);
      const handledByChild = new Set(child?.root.events ?? []);
      for (const event of sentToChild) expect(handledByChild, event.type).toContain(event.type);
    },
  );

  it('the date-first story offers flexible tickets, and its choice drives the machine', async () => {
    const story = stories.dateFirstReserve;
    if (!story) throw new Error('no date-first story');
    const index = story.inputs.findIndex((i) => i.label === 'event with flexible tickets');
    const runner = createStoryRunner(story, index);
    for (let step = 0; step < 5 && !runner.actor.getSnapshot().matches({ picking: 'date' }); step++) {
      const [next] = story.events(runner.actor.getSnapshot());
      if (!next) break;
      await runner.execute(next);
    }
    expect(runner.actor.getSnapshot().matches({ picking: 'date' })).toBe(true);

    const send = vi.fn();
    const View = storyViews.dateFirstReserve;
    if (!View) throw new Error('no date-first story view');
    const strings = createStrings();
    render(<View snapshot={runner.actor.getSnapshot()} send={send} strings={strings} />);
    fireEvent.click(screen.getByRole('radio', { name: strings.flexibleTickets }));
    expect(send).toHaveBeenCalledWith({ type: 'flexible.select' });

    await runner.execute(send.mock.calls[0]?.[0]);
    expect(runner.actor.getSnapshot().matches({ picking: 'flexible' })).toBe(true);
  });
});
