/**
 * The reserve core's child machine (`reserveIntoCart`): held to a table of outcomes written from the spec
 * (spec 1 §4 "Reserve", §8; DESIGN.md "Reserve core"), not read from the machine: a post answered with a cart
 * is reserved; a cart found gone (not_found, cart_expired) is posted once more into a new cart, and a second
 * gone cart is refused; every other answer is refused and read as sold out, seat taken, code required or
 * other. Then every path of its model, with the table checked at each step.
 */
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { CartModel } from '../../api/models';
import {
  reserveIntoCartMachine,
  reserveIntoCartWith,
} from '../../machines/reserve/core/reserveIntoCart.machine';
import { refusalOfEvent, reservedCartOf, reserveErrorText } from '../../machines/reserve/core/rules';
import type { PostReserveInput, RefusalKind, ReserveIntoCartInput } from '../../machines/reserve/core/types';
import { capacityError, cart, soldOutError } from '../../stories/fixtures/dateFirstReserve';
import {
  codeRequiredError,
  membershipInput,
  reserveIntoCartEvents,
  seatTakenError,
  ticketsInput,
} from '../../stories/fixtures/reserveIntoCart';
import { createStrings, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, type ReplayRunner, walkMachinePaths } from './graph-helpers';

const T = createStrings();

/** What a post answers, in order: a cart, or an error to reject with. */
type Answer = { cart: CartModel } | { error: unknown };

/** The spec's table: the expected posts (their newCart flags) and outcome for a sequence of answers. */
function expected(answers: Answer[]): { posts: boolean[]; outcome: 'reserved' | RefusalKind } {
  const posts: boolean[] = [];
  let newCart = false;
  for (const answer of answers) {
    posts.push(newCart);
    if ('cart' in answer) return { posts, outcome: 'reserved' };
    const code = (answer.error as { code?: string }).code;
    if ((code === 'not_found' || code === 'cart_expired') && !newCart) {
      newCart = true;
      continue;
    }
    if (code === 'event_session_sold_out') return { posts, outcome: 'sessionSoldOut' };
    if (code === 'seat_unavailable') return { posts, outcome: 'seatTaken' };
    if (code === 'rule_blocks_reserve') return { posts, outcome: 'codeRequired' };
    return { posts, outcome: 'other' };
  }
  throw new Error('the answers ran out');
}

async function run(answers: Answer[], input: ReserveIntoCartInput = ticketsInput) {
  const posts: PostReserveInput[] = [];
  const queue = [...answers];
  const machine = reserveIntoCartWith(async (post) => {
    posts.push(post);
    const answer = queue.shift();
    if (!answer) throw new Error('posted more often than answered');
    if ('cart' in answer) return answer.cart;
    throw answer.error;
  });
  const output = await toPromise(createActor(machine, { input }).start());
  return { posts, output };
}

const gone = { error: { code: 'not_found', status: 404, context: 'cart' } };
const expired = { error: { code: 'cart_expired', status: 410, context: 'cart' } };

describe('reserveIntoCart: the table of outcomes', () => {
  const cases: { label: string; answers: Answer[] }[] = [
    { label: 'a cart', answers: [{ cart }] },
    { label: 'cart gone, then a cart', answers: [gone, { cart }] },
    { label: 'cart expired, then a cart', answers: [expired, { cart }] },
    { label: 'cart gone twice', answers: [gone, expired] },
    { label: 'cart gone, then sold out', answers: [gone, { error: soldOutError }] },
    { label: 'sold out', answers: [{ error: soldOutError }] },
    { label: 'a seat taken', answers: [{ error: seatTakenError }] },
    { label: 'a code required', answers: [{ error: codeRequiredError }] },
    { label: 'capacity exceeded', answers: [{ error: capacityError }] },
    { label: 'a rejection without a code', answers: [{ error: new Error('offline') }] },
  ];
  for (const { label, answers } of cases) {
    it(label, async () => {
      const want = expected(answers);
      const { posts, output } = await run(answers);
      expect(posts.map((p) => p.newCart)).toEqual(want.posts);
      // The request goes through unchanged, every time.
      for (const post of posts) expect(post.request).toEqual(ticketsInput.request);
      if (want.outcome === 'reserved') expect(output).toEqual({ status: 'reserved', cart });
      else {
        expect(output.status).toBe('refused');
        if (output.status === 'refused') expect(output.refusal.kind).toBe(want.outcome);
      }
    });
  }

  it('passes a membership request through as it is', async () => {
    const { posts } = await run([{ cart }], membershipInput);
    expect(posts).toEqual([{ request: membershipInput.request, newCart: false }]);
  });

  it('keeps what the visitor reads: the code and description of a refusal, unexpected without one', async () => {
    const seat = await run([{ error: seatTakenError }]);
    const refusal = seat.output.status === 'refused' ? seat.output.refusal : null;
    expect(refusal?.error).toMatchObject({
      code: 'seat_unavailable',
      description: seatTakenError.description,
    });
    expect(resolveMessage(T, reserveErrorText(refusal?.error ?? null))).toBe(seatTakenError.description);
    const offline = await run([{ error: new Error('offline') }]);
    expect(offline.output.status === 'refused' && offline.output.refusal.error.code).toBe('unexpected');
  });

  it('reads the done event for the flows: the cart of a reserve, the refusal of a refused one', () => {
    const done = (output: unknown) => ({ type: 'xstate.done.actor.reserveIntoCart', output }) as const;
    expect(reservedCartOf(done({ status: 'reserved', cart }))).toBe(cart);
    expect(refusalOfEvent(done({ status: 'reserved', cart }))).toBeNull();
    expect(
      refusalOfEvent(done({ status: 'refused', refusal: { kind: 'other', error: capacityError } })),
    ).toEqual({ kind: 'other', error: capacityError });
    // Another actor's done event is not a reserve.
    expect(
      reservedCartOf({ type: 'xstate.done.actor.loadGroups', output: { status: 'reserved', cart } } as never),
    ).toBeNull();
    // The child itself failing reads as an unexpected refusal.
    expect(
      refusalOfEvent({ type: 'xstate.error.actor.reserveIntoCart', error: new Error('x') } as never)?.error
        .code,
    ).toBe('unexpected');
  });

  it('rejects with not_provided without its wiring, and is refused with that code', async () => {
    const output = await toPromise(createActor(reserveIntoCartMachine, { input: ticketsInput }).start());
    expect(output.status === 'refused' && output.refusal.error.code).toBe('not_provided');
  });
});

/** At every step: the context holds a cart exactly when reserved, a refusal exactly when refused. */
function checkInvariants(runner: ReplayRunner<typeof reserveIntoCartMachine>) {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  expect(context.cart !== null).toBe(snapshot.matches('reserved'));
  expect(context.refusal !== null).toBe(snapshot.matches('refused'));
  if (snapshot.status === 'done') {
    expect(snapshot.output).toEqual(
      context.cart ? { status: 'reserved', cart } : { status: 'refused', refusal: context.refusal },
    );
  }
  // Every post carries the request unchanged; only a post after a gone cart asks for a new one.
  const posts = runner.controls.calls
    .filter((c) => c.src === 'postReserve')
    .map((c) => c.input as PostReserveInput);
  for (const [index, post] of posts.entries()) {
    expect(post.request).toEqual(context.request);
    expect(post.newCart).toBe(index > 0);
  }
  expect(posts.length).toBeLessThanOrEqual(2);
}

describe('reserveIntoCart paths', () => {
  it('walks every transition of the model with the table holding at each step', async () => {
    const report = await walkMachinePaths({
      machine: reserveIntoCartMachine,
      inputs: [ticketsInput, membershipInput],
      events: reserveIntoCartEvents,
      onStep: checkInvariants,
    });
    assertFullCoverage(report);
    recordCoverage('reserveIntoCart', report);
  });
});
