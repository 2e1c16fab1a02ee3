/**
 * One-ticket-only picker (spec 1 §2 layout 2; §4: exactly-one mode blocks decrease): the pure rules, the
 * machine on real actors with scripted fakes, and every path of its model with an edge-coverage check.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { CartModel, TicketGroupModel } from '../../api/models';
import type { ReserveFlowError } from '../../machines/reserve/dateFirstReserve.types';
import { oneTicketReserveMachine } from '../../machines/reserve/oneTicketReserve.machine';
import {
  canDecrementOne,
  canIncrementOne,
  chooseOne,
  chosenType,
  decrementOne,
  initialChoice,
  isChoosable,
  isDonationGroup,
  isOneTicketEvent,
} from '../../machines/reserve/oneTicketReserve.rules';
import type { OneTicketReserveInput } from '../../machines/reserve/oneTicketReserve.types';
import { selectOneTicketView } from '../../machines/reserve/oneTicketReserve.view';
import { totalTickets } from '../../machines/reserve/quantities';
import {
  capacityError,
  cart,
  donationEvent,
  donationGroup,
  ledgerEvent,
  ledgerGroup,
  oneInput,
  onePathEvents,
  onePathInputs,
  ownAmountEvent,
  PASS_TODAY,
  passEvent,
  soldOutDonation,
} from '../../stories/fixtures/oneTicketReserve';
import { lectureGroup } from '../../stories/fixtures/singleEventReserve';
import '../../ui/form-strings';
// The day parameters are written in the visitor's locale once ui/format.ts has loaded (ui/strings.ts paramWriter).
import '../../ui/format';
import { createStrings, resolveMessage, type UiMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, flush, type ReplayRunner, walkMachinePaths } from './graph-helpers';
import { amountFits, expectPriceView } from './price-oracle';
import { postTickets } from './reserve-core-helpers';

const T = createStrings();
const text = (m: UiMessage | null) => (m ? resolveMessage(T, m) : null);

describe('one-ticket rules', () => {
  it('applies to events whose groups are all ledger or donation', () => {
    expect(isOneTicketEvent(donationEvent)).toBe(true);
    expect(isOneTicketEvent(ledgerEvent)).toBe(true);
    expect(isOneTicketEvent({ ticketGroups: [donationGroup, ledgerGroup] })).toBe(true);
    expect(isOneTicketEvent({ ticketGroups: [donationGroup, lectureGroup] })).toBe(false);
    expect(isOneTicketEvent({ ticketGroups: [] })).toBe(false);
    // Passes (issue 25): alone or with gift cards, never with session tickets.
    const passGroup = { ...ledgerGroup, id: 'g-pass', handler: 'passes' };
    expect(isOneTicketEvent({ ticketGroups: [passGroup] })).toBe(true);
    expect(isOneTicketEvent({ ticketGroups: [passGroup, ledgerGroup] })).toBe(true);
    expect(isOneTicketEvent({ ticketGroups: [passGroup, lectureGroup] })).toBe(false);
    expect(isDonationGroup(donationGroup)).toBe(true);
    expect(isDonationGroup(ledgerGroup)).toBe(false);
  });

  it('chooses exactly one ticket; another type replaces it; unknown or sold-out types change nothing', () => {
    const groups = [donationGroup];
    expect(chooseOne(groups, {}, 't-25')).toEqual({ 't-25': 1 });
    expect(chooseOne(groups, { 't-25': 1 }, 't-50')).toEqual({ 't-50': 1 });
    expect(chooseOne(groups, { 't-25': 1 }, 't-nope')).toEqual({ 't-25': 1 });
    expect(chooseOne([soldOutDonation], {}, 't-25')).toEqual({});
    expect(isChoosable([{ ...ledgerGroup, remaining: 0 }], 't-card')).toBe(false);
  });

  it('exactly-one mode blocks decrease and never goes above one', () => {
    const chosen = { 't-25': 1 };
    expect(canDecrementOne()).toBe(false);
    expect(decrementOne(chosen)).toBe(chosen);
    expect(canIncrementOne([donationGroup], chosen, 't-25')).toBe(false);
    expect(canIncrementOne([donationGroup], chosen, 't-50')).toBe(true);
    for (const id of ['t-10', 't-25', 't-50', 't-100']) {
      expect(totalTickets(chooseOne([donationGroup], chosen, id))).toBe(1);
    }
  });

  it('opens with the `select` type, else the only choosable type, else nothing', () => {
    expect(initialChoice([donationGroup], 't-50')).toEqual({ 't-50': 1 });
    expect(initialChoice([donationGroup], null)).toEqual({});
    expect(initialChoice([donationGroup], 't-nope')).toEqual({});
    expect(initialChoice([ledgerGroup], null)).toEqual({ 't-card': 1 });
    expect(initialChoice([soldOutDonation], 't-50')).toEqual({});
    expect(chosenType({ 't-50': 1 })).toBe('t-50');
    expect(chosenType({})).toBeNull();
  });
});

interface Script {
  groups?: () => Promise<TicketGroupModel[]>;
  reserve?: () => Promise<CartModel>;
}

function start(input: OneTicketReserveInput = oneInput(), script: Script = {}) {
  const calls = { loadGroups: vi.fn(), reserve: vi.fn() };
  const reserved = vi.fn();
  const machine = oneTicketReserveMachine.provide({
    actors: {
      loadGroups: fromPromise(async ({ input: i }) => {
        calls.loadGroups(i);
        return (script.groups ?? (async () => input.event.ticketGroups))();
      }),
      reserveIntoCart: postTickets(calls.reserve, () => (script.reserve ?? (async () => cart))()),
    },
    actions: { reserved: ({ context }) => reserved(context.cart) },
  });
  const actor = createActor(machine, { input, clock: new SimulatedClock() });
  actor.start();
  return { actor, calls, reserved };
}

type Actor = ReturnType<typeof start>['actor'];
async function send(actor: Actor, event: Parameters<Actor['send']>[0]) {
  actor.send(event);
  await flush();
}
const view = (actor: Actor) => selectOneTicketView(actor.getSnapshot());

describe('oneTicketReserve machine', () => {
  it('shows each pass with its first and last valid day from today, and reserves it without a session', async () => {
    const { actor, calls } = start({ event: passEvent, today: PASS_TODAY });
    await flush();
    // Oracle: the spec's day format of the days domain/pass-validity.ts gives (fixedto to its day; P30D, 30 days).
    expect(view(actor).groups.map((g) => [g.name, text(g.validity)])).toEqual([
      ['Garden Season Pass', 'Valid from Sat, Nov 21, 2026 to Sun, Oct 31, 2027'],
      ['30-Day Explorer Pass', 'Valid from Sat, Nov 21, 2026 to Sun, Dec 20, 2026'],
    ]);
    await send(actor, { type: 'ticket.choose', ticketTypeId: 't-explorer' });
    await send(actor, { type: 'submit' });
    expect(calls.reserve).toHaveBeenCalledWith({
      newCart: false,
      request: { eventId: 'ev-passes', sessionId: null, quantities: { 't-explorer': 1 } },
    });
    // Without today (or for a group that is not a pass) no validity is shown.
    const { actor: noDay } = start({ event: passEvent });
    const { actor: ledger } = start(oneInput(ledgerEvent), {});
    await flush();
    expect(view(noDay).groups.map((g) => g.validity)).toEqual([null, null]);
    expect(view(ledger).groups.map((g) => g.validity)).toEqual([null]);
  });

  it('loads the event groups, lets one amount be chosen at a time and reserves it without a session', async () => {
    const { actor, calls, reserved } = start();
    expect(view(actor).status).toBe('loading');
    await flush();
    expect(calls.loadGroups).toHaveBeenCalledWith({ eventId: 'ev-donate', groups: [donationGroup] });
    expect(view(actor).canSubmit).toBe(false);
    await send(actor, { type: 'ticket.choose', ticketTypeId: 't-25' });
    await send(actor, { type: 'ticket.choose', ticketTypeId: 't-100' });
    const v = view(actor);
    expect(v.chosen).toBe('t-100');
    expect(v.canDecrease).toBe(false);
    expect(v.totalCents).toBe(10000);
    expect(v.groups[0]?.options.filter((o) => o.chosen).map((o) => o.name)).toEqual(['Benefactor']);
    expect(v.canSubmit).toBe(true);
    await send(actor, { type: 'submit' });
    expect(calls.reserve).toHaveBeenCalledWith({
      newCart: false,
      request: { eventId: 'ev-donate', sessionId: null, quantities: { 't-100': 1 } },
    });
    expect(actor.getSnapshot().output).toEqual({ cart });
    expect(reserved).toHaveBeenCalledWith(cart);
  });

  it('preselects the `select` type, and a lone ledger type at once', async () => {
    const selected = start(oneInput(donationEvent, 't-50'));
    await flush();
    expect(view(selected.actor).chosen).toBe('t-50');
    const ledger = start(oneInput(ledgerEvent));
    await flush();
    expect(view(ledger.actor).chosen).toBe('t-card');
    expect(view(ledger.actor).canSubmit).toBe(true);
  });

  it('shows "Sorry, tickets are not available for this event." when nothing can be chosen', async () => {
    const { actor } = start(oneInput(), { groups: async () => [soldOutDonation] });
    await flush();
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(text(view(actor).blockingMessage)).toBe('Sorry, tickets are not available for this event.');
    expect(view(actor).groups[0]?.options.every((o) => o.disabled)).toBe(true);
  });

  it('shows a failed load and loads again on retry', async () => {
    let fail = true;
    const { actor, calls } = start(oneInput(), {
      groups: async () => {
        if (fail)
          throw {
            code: 'not_found',
            description: 'Ticket group not found.',
            status: 404,
          } satisfies ReserveFlowError;
        return [donationGroup];
      },
    });
    await flush();
    expect(view(actor).status).toBe('error');
    expect(text(view(actor).blockingMessage)).toBe('Ticket group not found.');
    fail = false;
    await send(actor, { type: 'retry' });
    expect(calls.loadGroups).toHaveBeenCalledTimes(2);
    expect(view(actor).status).toBe('ready');
  });

  it('keeps the choice and shows the error when the reserve fails; ignores choices while submitting', async () => {
    let fail = true;
    let finish: (c: CartModel) => void = () => {};
    const { actor, calls } = start(oneInput(donationEvent, 't-10'), {
      reserve: () =>
        fail
          ? Promise.reject(capacityError)
          : new Promise<CartModel>((resolve) => {
              finish = resolve;
            }),
    });
    await flush();
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().value).toBe('picking');
    expect(view(actor).messages.map((m) => text(m.message))).toEqual([
      'Not enough tickets left in General admission.',
    ]);
    expect(view(actor).chosen).toBe('t-10');
    fail = false;
    await send(actor, { type: 'submit' });
    expect(view(actor).messages).toEqual([]);
    expect(view(actor).submitting).toBe(true);
    expect(view(actor).groups[0]?.options.every((o) => o.disabled)).toBe(true);
    await send(actor, { type: 'ticket.choose', ticketTypeId: 't-50' });
    await send(actor, { type: 'submit' });
    expect(calls.reserve).toHaveBeenCalledTimes(2);
    expect(view(actor).chosen).toBe('t-10');
    finish(cart);
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a donation of your own amount: the transition table of spec 1 §5 for every amount typed', async () => {
    // From picking with the own-amount gift chosen: price.change stays, keeping the text; submit goes on to the
    // reserve when the amount fits ($5.00 to $1,000.00, the spec's pattern), else stays with the message.
    for (const value of ['4.99', '', 'ten', '12.345', '-10', '1000.01', '+5', '12.5', '1000', '30']) {
      const { actor, calls } = start(oneInput(ownAmountEvent));
      await flush();
      await send(actor, { type: 'ticket.choose', ticketTypeId: 't-own' });
      const own = () => view(actor).groups[0]?.options.find((o) => o.id === 't-own')?.flexiblePrice;
      expect(own()?.value, 'the minimum, preset').toBe('5.00');
      await send(actor, { type: 'price.change', ticketTypeId: 't-own', value });
      expect(actor.getSnapshot().value, value).toBe('picking');
      expect(own()?.value).toBe(value);
      expect(own()?.error).toBeNull();
      await send(actor, { type: 'submit' });
      const fits = amountFits(value, 500, 100000);
      expect(actor.getSnapshot().status === 'done', value).toBe(fits);
      if (!fits) {
        expect(actor.getSnapshot().value).toBe('picking');
        expect(text(own()?.error ?? null), value).toBe('Value entered is outside min/max.');
        expect(calls.reserve).not.toHaveBeenCalled();
        continue;
      }
      const cents = Math.round(Number.parseFloat(value) * 100);
      expect(calls.reserve).toHaveBeenCalledWith({
        newCart: false,
        request: {
          eventId: 'ev-own',
          sessionId: null,
          quantities: { 't-own': 1 },
          faceValues: { 't-own': (cents / 100).toFixed(2) },
        },
      });
    }
  });

  it('a donation of your own amount: the price query presets it; the total is the amount chosen', async () => {
    const { actor } = start({ ...oneInput(ownAmountEvent), presetPriceCents: 2500 });
    await flush();
    await send(actor, { type: 'ticket.choose', ticketTypeId: 't-own' });
    const own = view(actor).groups[0]?.options.find((o) => o.id === 't-own')?.flexiblePrice;
    expect(own?.value).toBe('25.00');
    expect(view(actor).totalCents).toBe(2500);
    await send(actor, { type: 'price.change', ticketTypeId: 't-own', value: '75' });
    expect(view(actor).totalCents).toBe(7500);
    // A fixed option shows no amount; choosing it prices the total at its own price.
    await send(actor, { type: 'ticket.choose', ticketTypeId: 't-own-10' });
    expect(view(actor).groups[0]?.options.find((o) => o.id === 't-own-10')?.flexiblePrice).toBeNull();
    expect(view(actor).totalCents).toBe(1000);
  });

  it('throws "not provided" from its placeholder actors', async () => {
    const actor = createActor(oneTicketReserveMachine, { input: oneInput() });
    actor.start();
    await flush();
    expect(actor.getSnapshot().value).toBe('loadError');
  });
});

function checkInvariants(runner: ReplayRunner<typeof oneTicketReserveMachine>) {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const v = selectOneTicketView(snapshot);
  // Exactly one or none, never more; decrease never offered.
  expect(totalTickets(context.quantities)).toBeLessThanOrEqual(1);
  expect(Object.values(context.quantities).every((n) => n === 1)).toBe(true);
  expect(v.canDecrease).toBe(false);
  const chosen = chosenType(context.quantities);
  if (chosen !== null) expect(isChoosable(context.groups, chosen)).toBe(true);
  expect(v.canSubmit).toBe(snapshot.matches('picking') && chosen !== null);
  // A pay-what-you-wish option's input keeps what was typed; its message shows after a stopped submit.
  const options = v.groups.map((g) => ({ types: g.options }));
  expectPriceView('one ticket', options, context.groups, context.quantities, context);
  if (snapshot.status === 'done') expect(snapshot.output).toEqual({ cart });
}

describe('oneTicketReserve paths', () => {
  it('walks every transition of the model with the invariants holding at each step', async () => {
    const reserved = vi.fn();
    const report = await walkMachinePaths({
      machine: oneTicketReserveMachine,
      inputs: onePathInputs,
      events: onePathEvents,
      provide: { actions: { reserved: ({ context }) => reserved(context.cart) } },
      onStep: checkInvariants,
    });
    assertFullCoverage(report);
    recordCoverage('oneTicketReserve', report);
    expect(reserved).toHaveBeenCalledWith(cart);
    console.info(
      `oneTicketReserve paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions`,
    );
  });
});
