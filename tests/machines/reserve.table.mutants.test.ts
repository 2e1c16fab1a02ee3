/**
 * Issue 29's proof that the reserve tables catch a wrong machine: hand-made mutants of the reserve core's child
 * and of the four reserve variants (a retargeted transition, a dropped guard, swapped or dropped actions) each
 * fail their table test; and of the ticket form child (issue 17). Not part of the mutation run
 * (vitest.mutation.config.ts leaves *.mutants.test.ts out).
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { reserveIntoCartMachine } from '../../machines/reserve/core/reserveIntoCart.machine';
import { ticketFormMachine } from '../../machines/reserve/core/ticketForm.machine';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import { oneTicketReserveMachine } from '../../machines/reserve/oneTicketReserve.machine';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import * as dateFirst from './dateFirstReserve.table';
import * as oneTicket from './oneTicketReserve.table';
import * as quantityFirst from './quantityFirstReserve.table';
import * as reserveIntoCart from './reserveIntoCart.table';
import * as singleEvent from './singleEventReserve.table';
import * as ticketForm from './ticketForm.table';
import { type EventSample, expectTable, mutantOf, type Table, type World } from './transition-table';

// biome-ignore lint/suspicious/noExplicitAny: a machine config edited by hand, whatever its shape
type Node = Record<string, any>;
type Config = { states: Node; on?: Node };
type Edit = [string, (config: Config) => void];

function failsItsTable(
  machine: AnyStateMachine,
  // biome-ignore lint/suspicious/noExplicitAny: any flow's table
  spec: { table: Table<any, any, any>; worlds: World<any>[]; events: EventSample<any>[] },
  edit: (config: Config) => void,
  /** The children invoked at the root (single event: its form), stood in for as its table test does. */
  children: readonly string[] = [],
) {
  // The unmutated machine holds to the same table, so a mutant's failure is the mutation's.
  expect(expectTable({ machine, ...spec, children })).toBeGreaterThan(0);
  const mutant = mutantOf(machine, edit as (config: never) => void);
  expect(() => expectTable({ machine: mutant, ...spec, children })).toThrow();
}

describe('hand-made reserveIntoCart mutants fail the table (spec 1 §4, §8)', () => {
  const retrying = (c: Config): Node => c.states.askingForCode.states.retrying;
  it.each<Edit>([
    [
      'a retargeted transition: a code required is refused',
      (c) => {
        c.states.posting.invoke.onError[1].target = 'refused';
      },
    ],
    [
      'a dropped guard: every cart gone is retried, also the second time',
      (c) => {
        delete c.states.posting.invoke.onError[0].guard;
      },
    ],
    [
      'a dropped action: the retry keeps no refusal',
      (c) => {
        retrying(c).invoke.onError[2].actions = [];
      },
    ],
    [
      'a removed exit action: the prompt stays open',
      (c) => {
        delete c.states.askingForCode.exit;
      },
    ],
    [
      'a dropped guard: Apply with nothing typed retries',
      (c) => {
        delete c.states.askingForCode.states.editing.on['code.submit'].guard;
      },
    ],
  ])('%s', (_, edit) => failsItsTable(reserveIntoCartMachine, reserveIntoCart, edit));
});

describe('hand-made oneTicketReserve mutants fail the table (spec 1 §2 layout 2, §4)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: a refused reserve is done',
      (c) => {
        c.states.reserving.invoke.onDone[1].target = 'done';
      },
    ],
    [
      'a dropped guard: a submit without a choice marks the amounts checked',
      (c) => {
        delete c.states.picking.on.submit[1].guard;
      },
    ],
    [
      'a dropped action: reserved is told, the cart not kept',
      (c) => {
        c.states.reserving.invoke.onDone[0].actions = ['reserved'];
      },
    ],
    [
      'a dropped action: a refused reserve shows nothing',
      (c) => {
        c.states.reserving.invoke.onError.actions = [];
      },
    ],
  ])('%s', (_, edit) => failsItsTable(oneTicketReserveMachine, oneTicket, edit));
});

describe('hand-made singleEventReserve mutants fail the table (spec 1 §4 "Single-event flow")', () => {
  const onDone = (c: Config): Node => c.states.reserving.invoke.onDone;
  it.each<Edit>([
    [
      'a retargeted transition: sold out goes back to the form',
      (c) => {
        onDone(c)[1].target = 'ready';
      },
    ],
    [
      'a dropped guard: every refusal is taken for a voucher’s (no notice)',
      (c) => {
        delete onDone(c)[2].guard;
      },
    ],
    [
      'swapped actions: the choice cleared before the sold-out message (no time in it)',
      (c) => {
        onDone(c)[1].actions = ['clearSelection', 'noteReserveError', 'emptyForm'];
      },
    ],
    [
      'a removed action: a refused reserve does not give the form back',
      (c) => {
        onDone(c)[3].actions = ['noteReserveError'];
      },
    ],
    [
      'a removed action: sold out leaves the old tickets in the form',
      (c) => {
        onDone(c)[1].actions = ['noteReserveError', 'clearSelection'];
      },
    ],
    [
      'a removed action: the loaded groups do not reach the form',
      (c) => {
        c.states.loadingGroups.invoke.onDone.actions = ['assignGroups'];
      },
    ],
    [
      'a removed action: the form’s submit keeps the last notices',
      (c) => {
        c.states.ready.on['form.submitted'].actions = ['assignRequest'];
      },
    ],
  ])('%s', (_, edit) => failsItsTable(singleEventReserveMachine, singleEvent, edit, ['ticketForm']));
});

describe('hand-made quantityFirstReserve mutants fail the table (spec 1 §4 "Quantity-first flow")', () => {
  const picking = (c: Config): Node => c.states.picking;
  it.each<Edit>([
    [
      'a retargeted transition: a failed calendar goes to the date list',
      (c) => {
        c.states.loadingCalendar.invoke.onError.target = 'picking';
      },
    ],
    [
      'a removed action: the form is not told the chosen session',
      (c) => {
        picking(c).states.sessions.on['session.select'].actions = ['selectSession'];
      },
    ],
    [
      'swapped candidates: nothing left that day before another session remains',
      (c) => {
        const onDone = picking(c).states.loadingSessions.invoke.onDone;
        [onDone[0], onDone[1]] = [onDone[1], onDone[0]];
      },
    ],
    [
      'a removed action: reopening the quantities keeps the days',
      (c) => {
        picking(c).on['quantities.open'].actions = [];
      },
    ],
    [
      'a dropped guard: change the date with one day only',
      (c) => {
        delete picking(c).states.sessions.on['date.change'].guard;
      },
    ],
  ])('%s', (_, edit) => failsItsTable(quantityFirstReserveMachine, quantityFirst, edit, ['ticketForm']));
});

describe('hand-made dateFirstReserve mutants fail the table (spec 1 §4 "Date-first flow")', () => {
  const picking = (c: Config): Node => c.states.picking;
  const session = (c: Config): Node => picking(c).states.session;
  it.each<Edit>([
    [
      'a retargeted transition: a flexible refusal goes to the session form',
      (c) => {
        c.states.reserving.invoke.onDone[2].target = 'picking.session.loaded.chosen.ready';
      },
    ],
    [
      'a dropped guard: strict mode ignored when the found session is not on an available day',
      (c) => {
        delete c.states.findingSession.invoke.onDone[1].guard;
      },
    ],
    [
      'swapped actions: the preset session settled before the sessions are kept',
      (c) => {
        session(c).states.loading.invoke.onDone[4].actions = ['settlePresetSession', 'assignSessions'];
      },
    ],
    [
      'a removed action: choosing a day keeps the old session and tickets',
      (c) => {
        picking(c).on['date.select'].actions = [];
      },
    ],
    [
      'a dropped guard: change the date with one day only',
      (c) => {
        delete session(c).on['date.change'].guard;
      },
    ],
    [
      'a removed action: the form is not reset with the session’s groups and the query’s counts',
      (c) => {
        session(c).states.loaded.states.chosen.states.loading.invoke.onDone.actions = [
          'assignGroups',
          'settlePresetQuantities',
        ];
      },
    ],
    [
      'a removed action: changing the session leaves the old form open',
      (c) => {
        session(c).states.loaded.states.chosen.on['session.change'].actions = [];
      },
    ],
    [
      'a swapped send: flexible tickets empty the form instead of giving it their groups',
      (c) => {
        picking(c).on['flexible.select'].actions = ['selectFlexible', 'emptyForm'];
      },
    ],
    [
      'a removed send: a refusal is not given back to the form',
      (c) => {
        c.states.reserving.invoke.onDone[5].actions = ['noteReserveError'];
      },
    ],
  ])('%s', (_, edit) => failsItsTable(dateFirstReserveMachine, dateFirst, edit, ['ticketForm']));
});

describe('hand-made ticketForm mutants fail the table (spec 1 §2, §4, §5, §8)', () => {
  const editing = (c: Config): Node => c.states.editing;
  it.each<Edit>([
    [
      'a retargeted transition: a valid submit stays in the form',
      (c) => {
        editing(c).on.submit[0].target = 'editing';
      },
    ],
    [
      'a dropped guard: every submit with tickets tells the parent',
      (c) => {
        delete editing(c).on.submit[0].guard;
      },
    ],
    [
      'a dropped guard: a submit without tickets marks the fields checked',
      (c) => {
        delete editing(c).on.submit[1].guard;
      },
    ],
    [
      'a swapped action: a refusal notes the voucher instead of dropping the taken seats',
      (c) => {
        c.states.submitted.on['form.refused'][1].actions = 'noteVoucherRefusal';
      },
    ],
    [
      'a retargeted transition: a refused voucher leaves the form waiting',
      (c) => {
        c.states.submitted.on['form.refused'][0].target = 'submitted';
      },
    ],
    [
      'a removed action: a submit the field rules stop does not check the vouchers (was the single-event table’s)',
      (c) => {
        editing(c).on.submit[1].actions = ['checkAdmits', 'checkSurveys', 'checkPrices'];
      },
    ],
    [
      'a removed action: a lost seat race keeps the taken seats (was the single-event table’s)',
      (c) => {
        c.states.submitted.on['form.refused'][1].actions = ['clearRequest'];
      },
    ],
    [
      'a dropped guard: a form without groups opens (edits while the parent loads)',
      (c) => {
        delete c.states.opening.always[0].guard;
      },
    ],
    [
      'a dropped action: new groups keep the old tickets',
      (c) => {
        (c.on as Node)['form.reset'].actions = [];
      },
    ],
    [
      'a dropped guard: find tickets with an amount that does not fit (was the quantity-first table’s)',
      (c) => {
        delete editing(c).on['quantities.confirm'][0].guard;
      },
    ],
    [
      'a dropped action: another session keeps the seats of the old one',
      (c) => {
        (c.on as Node)['form.session'].actions = [];
      },
    ],
  ])('%s', (_, edit) => failsItsTable(ticketFormMachine, ticketForm, edit));
});
