/**
 * Issue 29's proof for the login, listing and modal-stack tables: hand-made mutants of each config (a retargeted
 * transition, a dropped guard, swapped or dropped actions, reordered candidates, a deleted transition) each fail
 * the table test. Not part of the mutation run (vitest.mutation.config.ts leaves `*.mutants.test.ts` out).
 */
import { describe, expect, it } from 'vitest';
import { listingMachine } from '../../machines/listing/listing.machine';
import { loginMachine } from '../../machines/login/login.machine';
import { modalsMachine } from '../../machines/modals/modals.machine';
import * as listing from './listing.table';
import * as login from './login.table';
import * as modals from './modals.table';
import { expectTable, mutantOf } from './transition-table';

// biome-ignore lint/suspicious/noExplicitAny: a machine config edited by hand, whatever its shape
type Node = Record<string, any>;
type Config = { states: Node };
type Edit = [string, (config: Config) => void];

describe('hand-made login mutants fail the table (spec 3 §2, §4, §8)', () => {
  const provider = (c: Config): Node => c.states.provider?.states;
  it.each<Edit>([
    [
      'a retargeted transition: a wrong password goes to the provider’s failure',
      (c) => {
        c.states.submitting.invoke.onError[2].target = '#login.provider.failed';
      },
    ],
    [
      'a dropped guard: an incomplete form is posted',
      (c) => {
        delete c.states.editing.on['login.submit'].guard;
      },
    ],
    [
      'swapped actions: the session is handed the member before it is loaded',
      (c) => {
        c.states.loadingMember.invoke.onDone[1].actions = [
          'handToSession',
          'takeLoaded',
          'clearFields',
          'finish',
        ];
      },
    ],
    [
      'a dropped action: the password is kept after a failure',
      (c) => {
        c.states.submitting.invoke.onError[2].actions = ['showFailure'];
      },
    ],
    [
      'candidates reordered: a guest account of the provider’s login shows a failure',
      (c) => {
        const onError = c.states.submitting.invoke.onError;
        onError.push(onError.shift());
      },
    ],
    [
      'a deleted transition: an invalid provider state never goes back',
      (c) => {
        delete provider(c).invalidState.after;
      },
    ],
    [
      'a retargeted provider button: cookies off redirect anyway',
      (c) => {
        provider(c).idle.on['login.submit'][0].target = 'redirecting';
      },
    ],
  ])('%s', (_, edit) => {
    const mutant = mutantOf(loginMachine, edit as (config: never) => void);
    expect(() =>
      expectTable({ machine: mutant, table: login.table, worlds: login.worlds, events: login.events }),
    ).toThrow();
  });
});

describe('hand-made listing mutants fail the table (spec 1 §2, §7)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: a failed load shows the listing',
      (c) => {
        c.states.loading.invoke.onError.target = 'ready';
      },
    ],
    [
      'a dropped guard: every query change is taken for the same call',
      (c) => {
        c.states.ready.on['query.changed'][1].guard = 'sameRequest';
      },
    ],
    [
      'a dropped guard: an empty listing outside an upsell step goes on to checkout',
      (c) => {
        c.states.loading.invoke.onDone[0].guard = undefined;
      },
    ],
    [
      'a dropped action: the query is not taken while loading',
      (c) => {
        delete c.states.loading.on['query.changed'].actions;
      },
    ],
    [
      'a deleted transition: retry does nothing',
      (c) => {
        delete c.states.failed.on.retry;
      },
    ],
    [
      'a change while loading does not start the load again',
      (c) => {
        c.states.loading.on['query.changed'] = { actions: 'assignQuery' };
      },
    ],
  ])('%s', (_, edit) => {
    const mutant = mutantOf(listingMachine, edit as (config: never) => void);
    expect(() =>
      expectTable({ machine: mutant, table: listing.table, worlds: listing.worlds, events: listing.events }),
    ).toThrow();
  });
});

describe('hand-made modal-stack mutants fail the table (spec 3 §2 "Modals")', () => {
  it.each<Edit>([
    [
      'a retargeted transition: the end of the transition always reopens',
      (c) => {
        c.states.closing.after.closeTransition[0].target = 'open';
      },
    ],
    [
      'a dropped guard: Escape closes a modal that is not closeable',
      (c) => {
        delete c.states.open.on['modal.dismiss'].guard;
      },
    ],
    [
      'swapped actions: a close by name marks the top instead',
      (c) => {
        c.states.open.on['modal.close'].actions = 'markTopClosing';
      },
    ],
    [
      'a dropped action: close all keeps the waiting opens',
      (c) => {
        c.states.closing.on['modal.closeAll'][0].actions = ['markAllClosing'];
      },
    ],
    [
      'no restart: a second close does not start the transition over',
      (c) => {
        c.states.closing.on['modal.dismiss'].reenter = false;
      },
    ],
    [
      'candidates reordered: close all with opens waiting only drops the waits',
      (c) => {
        c.states.closing.on['modal.closeAll'].reverse();
      },
    ],
    [
      'a deleted transition: an open during the transition is lost',
      (c) => {
        delete c.states.closing.on['modal.open'];
      },
    ],
  ])('%s', (_, edit) => {
    const mutant = mutantOf(modalsMachine, edit as (config: never) => void);
    expect(() =>
      expectTable({ machine: mutant, table: modals.table, worlds: modals.worlds, events: modals.events }),
    ).toThrow();
  });
});
