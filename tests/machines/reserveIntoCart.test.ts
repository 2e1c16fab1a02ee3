/**
 * The reserve core's child machine (`reserveIntoCart`): held to a table of outcomes written from the spec
 * (spec 1 §4 "Reserve", §8; DESIGN.md "Reserve core"), not read from the machine: a post answered with a cart
 * is reserved; a cart found gone (not_found, cart_expired) is posted once more into a new cart, and a second
 * gone cart is refused; every other answer is refused and read as sold out, seat taken, code required or
 * other. A code required (rule_blocks_reserve, reason code_required: spec 1 §4 "Reserve with promo code
 * required", §8) opens the 'code required' prompt; each Apply of a code retries once with it as the pre-reserve
 * promo code; a wrong code keeps the prompt with '"{code}" is not a valid promo code.' (or the server's promo
 * description) and what was typed; Cancel ends refused (the flow keeps its tickets). Then every path of its
 * model, with the table and the prompt's view checked at each step.
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, toPromise, waitFor } from 'xstate';
import type { CartModel } from '../../api/models';
import {
  reserveIntoCartMachine,
  reserveIntoCartWith,
} from '../../machines/reserve/core/reserveIntoCart.machine';
import { refusalOfEvent, reservedCartOf, reserveErrorText } from '../../machines/reserve/core/rules';
import type { PostReserveInput, RefusalKind, ReserveIntoCartInput } from '../../machines/reserve/core/types';
import { selectCodePrompt } from '../../machines/reserve/core/view';
import { VOUCHERS, voucherUsedError } from '../../stories/fixtures/citypass';
import { capacityError, cart, soldOutError } from '../../stories/fixtures/dateFirstReserve';
import {
  BLANK_CODE,
  codeNotFoundError,
  codeRequiredError,
  membershipInput,
  reserveIntoCartEvents,
  seatTakenError,
  TYPED_CODE,
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
    // A code required asks for a code instead: the prompt's own table below.
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
    expect(posts).toEqual([{ request: membershipInput.request, newCart: false, codesBeforeReserve: [] }]);
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

// ---- the 'code required' prompt ---------------------------------------------------------------------------

/** A step of a prompt scenario: what a post answers, or what the visitor does in the prompt. */
type Step = Answer | { type: string } | { change: string };

/**
 * The spec's table for the prompt: the posts expected (their pre-reserve codes and newCart flags), whether the
 * prompt is still asking, with what typed and which message, or the outcome.
 */
function expectedPrompt(steps: Step[]) {
  const posts: { codes: string[]; newCart: boolean }[] = [{ codes: [], newCart: false }];
  let asking = false;
  let typed = '';
  let error: string | null = null;
  let newCart = false;
  let outcome: 'reserved' | RefusalKind | null = null;
  for (const step of steps) {
    if ('change' in step) {
      typed = step.change;
      error = null;
    } else if ('type' in step && step.type === 'code.submit') {
      if (typed.trim() === '') continue; // nothing to apply: no post
      posts.push({ codes: [typed.trim()], newCart });
    } else if ('type' in step && step.type === 'code.cancel') {
      outcome = 'codeRequired';
      asking = false;
    } else if ('cart' in step) {
      outcome = 'reserved';
      asking = false;
    } else if ('error' in step) {
      const code = (step.error as { code?: string }).code;
      if (!asking && code === 'rule_blocks_reserve') asking = true;
      else if (asking && code === 'rule_blocks_reserve')
        error = `"${typed.trim()}" is not a valid promo code.`;
      else if (asking && code === 'code_not_found') error = codeNotFoundError.description;
      // A code refusal naming the prompt's code is about it; one naming another code (a City Pass voucher of
      // the form) is not: the reserve ends refused, and the flow shows it beside the voucher's field.
      else if (asking && code === 'code_exhausted' && namedCode(step.error) === typed.trim())
        error = (step.error as { description: string }).description;
      else if (asking && (code === 'not_found' || code === 'cart_expired') && !newCart) {
        newCart = true;
        posts.push({ codes: [typed.trim()], newCart });
      } else {
        outcome = code === 'event_session_sold_out' ? 'sessionSoldOut' : 'other';
        asking = false;
      }
    }
  }
  return { posts, asking, typed, error, outcome };
}

const namedCode = (error: unknown) => (error as { extra?: { code?: string } }).extra?.code ?? null;

/** The prompt's own code used up (400 code_exhausted naming it). */
const promptCodeUsedError = {
  code: 'code_exhausted',
  status: 400,
  description: 'The code "SAVE5" has been used up.',
  extra: { code: 'SAVE5' },
};

/** Runs a scenario: post answers are served in order as the machine posts; prompt steps are sent to it. */
async function runPrompt(steps: Step[]) {
  const posts: PostReserveInput[] = [];
  const opened: string[] = [];
  const pending: { resolve: (c: CartModel) => void; reject: (e: unknown) => void }[] = [];
  const machine = reserveIntoCartWith(
    (post) =>
      new Promise<CartModel>((resolve, reject) => {
        posts.push(post);
        pending.push({ resolve, reject });
      }),
  ).provide({
    actions: {
      openCodePrompt: () => opened.push('open'),
      closeCodePrompt: () => opened.push('close'),
    },
  });
  const actor = createActor(machine, { input: ticketsInput }).start();
  for (const step of steps) {
    if ('cart' in step || 'error' in step) {
      const next = pending.shift();
      if (!next) throw new Error('answered without a post');
      if ('cart' in step) next.resolve(step.cart);
      else next.reject(step.error);
      await waitFor(
        actor as AnyActorRef,
        (s) =>
          s.status === 'done' ||
          (!s.matches({ askingForCode: 'retrying' }) && !s.matches('posting')) ||
          pending.length > 0,
      );
    } else if ('change' in step) actor.send({ type: 'code.change', value: step.change });
    else actor.send(step as { type: 'code.submit' | 'code.cancel' });
  }
  return { actor, posts, opened, snapshot: actor.getSnapshot() };
}

const submit = { type: 'code.submit' };
const cancel = { type: 'code.cancel' };
const required = { error: codeRequiredError };

describe('reserveIntoCart: the code required prompt, by the table', () => {
  const cases: { label: string; steps: Step[] }[] = [
    { label: 'a code required asks for a code', steps: [required] },
    { label: 'the right code reserves', steps: [required, { change: TYPED_CODE }, submit, { cart }] },
    { label: 'blanks apply nothing', steps: [required, { change: BLANK_CODE }, submit] },
    {
      label: 'a code that unlocks nothing keeps the prompt with its message and the code typed',
      steps: [required, { change: 'SAVE5' }, submit, required],
    },
    {
      label: 'an unknown code keeps the prompt with the promo message',
      steps: [required, { change: 'NOPE' }, submit, { error: codeNotFoundError }],
    },
    {
      label: 'a wrong code, then the right one',
      steps: [required, { change: 'SAVE5' }, submit, required, { change: TYPED_CODE }, submit, { cart }],
    },
    {
      label: 'the prompt’s code used up keeps the prompt with the server’s message',
      steps: [required, { change: 'SAVE5' }, submit, { error: promptCodeUsedError }],
    },
    {
      label: `a City Pass voucher of the form refused on the retry (${VOUCHERS.adult}) ends refused, not as the prompt's error`,
      steps: [required, { change: TYPED_CODE }, submit, { error: voucherUsedError }],
    },
    { label: 'cancel ends refused (code required)', steps: [required, cancel] },
    { label: 'cancel after a wrong code', steps: [required, { change: 'X' }, submit, required, cancel] },
    {
      label: 'sold out on the retry ends refused',
      steps: [required, { change: TYPED_CODE }, submit, { error: soldOutError }],
    },
    {
      label: 'the cart gone on the retry: once more into a new cart, with the code',
      steps: [required, { change: TYPED_CODE }, submit, gone, { cart }],
    },
    {
      label: 'an unexpected rejection on the retry ends refused',
      steps: [required, { change: TYPED_CODE }, submit, { error: new Error('offline') }],
    },
  ];
  for (const { label, steps } of cases) {
    it(label, async () => {
      const want = expectedPrompt(steps);
      const { posts, opened, snapshot } = await runPrompt(steps);
      expect(posts.map((p) => ({ codes: p.codesBeforeReserve, newCart: p.newCart }))).toEqual(want.posts);
      for (const post of posts) expect(post.request).toEqual(ticketsInput.request);
      const view = selectCodePrompt(snapshot);
      expect(view.asking).toBe(want.asking);
      // The modal opens once when the prompt starts and closes once when it ends, never between tries.
      expect(opened).toEqual(want.asking ? ['open'] : want.outcome === null ? [] : ['open', 'close']);
      if (want.asking) {
        expect(view.code).toBe(want.typed);
        expect(view.error ? resolveMessage(T, view.error) : null).toBe(want.error);
        expect(resolveMessage(T, view.message)).toBe('A code is required to continue with your order.');
        expect(view.canSubmit).toBe(want.typed.trim() !== '');
      } else {
        expect(snapshot.status).toBe('done');
        const output = snapshot.output;
        if (want.outcome === 'reserved') expect(output).toEqual({ status: 'reserved', cart });
        else expect(output?.status === 'refused' && output.refusal.kind).toBe(want.outcome);
      }
    });
  }

  it('the cancelled prompt reads to the flow as the code required message', async () => {
    const { snapshot } = await runPrompt([required, cancel]);
    const output = snapshot.output;
    const refusal = output?.status === 'refused' ? output.refusal : null;
    expect(resolveMessage(T, reserveErrorText(refusal?.error ?? null))).toBe(
      'A code is required to continue with your order.',
    );
  });
});

/**
 * At every step: the context holds a cart exactly when reserved, a refusal when refused or while asking for a
 * code (the refusal that asks); the prompt's view reads the snapshot.
 */
function checkInvariants(runner: ReplayRunner<typeof reserveIntoCartMachine>) {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  expect(context.cart !== null).toBe(snapshot.matches('reserved'));
  expect(context.refusal !== null).toBe(snapshot.matches('refused') || snapshot.matches('askingForCode'));
  const view = selectCodePrompt(snapshot);
  expect(view.asking).toBe(snapshot.matches('askingForCode'));
  expect(view.submitting).toBe(snapshot.matches({ askingForCode: 'retrying' }));
  expect(view.code).toBe(context.code);
  expect(view.error).toBe(context.codeError);
  expect(view.canSubmit).toBe(view.asking && !view.submitting && context.code.trim() !== '');
  // A wrong code's message names the code as sent (trimmed), or is the server's promo description.
  if (context.codeError?.key === 'promoInvalid')
    expect(context.codeError.params).toEqual({ code: context.code.trim() });
  if (snapshot.status === 'done') {
    expect(snapshot.output).toEqual(
      context.cart ? { status: 'reserved', cart } : { status: 'refused', refusal: context.refusal },
    );
  }
  // Every post carries the request unchanged; only a post after a gone cart asks for a new one.
  const posts = runner.controls.calls
    .filter((c) => c.src === 'postReserve')
    .map((c) => c.input as PostReserveInput);
  let newCarts = 0;
  for (const [index, post] of posts.entries()) {
    expect(post.request).toEqual(context.request);
    // The first post carries no code; every retry from the prompt carries exactly the trimmed code.
    if (index === 0) expect(post.codesBeforeReserve).toEqual([]);
    if (post.codesBeforeReserve.length) expect(post.codesBeforeReserve).toEqual([TYPED_CODE.trim()]);
    if (post.newCart) newCarts += 1;
    if (index === 0) expect(post.newCart).toBe(false);
  }
  // At most one new cart per reserve, and every post after it uses it.
  const firstNew = posts.findIndex((p) => p.newCart);
  expect(newCarts).toBe(firstNew < 0 ? 0 : posts.length - firstNew);
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
