/**
 * A stand-in for Stripe.js (test-only: e2e/stripe.spec.ts serves it for `https://js.stripe.com/**` with
 * `page.route`; nothing else loads it). It implements, from Stripe's documented API, the slice that
 * `@stripe/stripe-js`, `@stripe/react-stripe-js` and routes/payment/stripe.tsx call: `Stripe(key, options)`,
 * `stripe.elements(options)`, `elements.create('payment')` with `mount`, `on`/`off` ('ready', 'change'),
 * `elements.create('expressCheckout')` (the wallet buttons: 'click', 'confirm', 'cancel'; a dialog in the page
 * stands for the wallet's sheet),
 * `update`, `destroy`; `elements.submit()`; `stripe.createPaymentMethod({ elements })`;
 * `stripe.handleNextAction({ clientSecret })` (3-D Secure: a dialog with Complete and Fail, like Stripe's test
 * authentication page); `stripe.retrievePaymentIntent(clientSecret)`.
 *
 * The card field is plain inputs in the page (Stripe's is an iframe): Card number, Expiry date, Security code.
 * Stripe's test card numbers give the payment methods of tests/fakes/stripe-fake.ts: 4242 4242 4242 4242
 * `pm_card_visa`, 4000 0000 0000 0002 `pm_card_chargeDeclined`, 4000 0025 0000 3155 and 4000 0027 6000 3184
 * `pm_card_authenticationRequired`, and 4000 0000 0000 0077 the fake's `pm_fake_processing` (a payment that
 * clears later; Stripe drives those with bank debits, which this stand-in does not draw).
 *
 * What Stripe.js asks of Stripe's API goes to `https://api.stripe.com/v1/…` as simple requests (the
 * publishable key in the query or form, as Stripe.js sends it); the spec answers them from the fake.
 *
 * `installStripeJs` runs in the page, serialised with `toString()`: it must stay self-contained.
 */
export function installStripeJs(win: Window & typeof globalThis) {
  type Handler = (event: unknown) => void;
  const API = 'https://api.stripe.com/v1';
  const TEST_CARDS: Record<string, string> = {
    '4242424242424242': 'pm_card_visa',
    '4000000000000002': 'pm_card_chargeDeclined',
    '4000002500003155': 'pm_card_authenticationRequired',
    '4000002760003184': 'pm_card_authenticationRequired',
    '4000000000000077': 'pm_fake_processing',
  };
  const doc = win.document;
  const intentId = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';
  type StripeError = { type: string; code: string; message: string };
  const stripeError = (type: string, code: string, message: string): { error: StripeError } => ({
    error: { type, code, message },
  });
  const invalid = (code: string, message: string) => stripeError('validation_error', code, message);

  /** A modal dialog in the page (what Stripe shows in its own frames), labelled by its title. */
  function modal(titleId: string, text: string) {
    const dialog = doc.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', titleId);
    dialog.style.cssText =
      'position:fixed;inset:20% 10% auto;background:#fff;border:2px solid #333;padding:1rem;z-index:10000';
    const title = doc.createElement('h2');
    title.id = titleId;
    title.textContent = text;
    return { dialog, title };
  }

  /** An element's event handlers (`on`, `off`) and what it emits to them. */
  function listeners() {
    const handlers = new Map<string, Set<Handler>>();
    return {
      emit(type: string, event: unknown) {
        for (const handler of handlers.get(type) ?? []) handler(event);
      },
      listen(type: string, handler: Handler) {
        if (!handlers.has(type)) handlers.set(type, new Set());
        handlers.get(type)?.add(handler);
      },
      unlisten(type: string, handler?: Handler) {
        if (handler) handlers.get(type)?.delete(handler);
        else handlers.delete(type);
      },
      clear() {
        handlers.clear();
      },
    };
  }

  function createPaymentElement(options: Record<string, unknown>) {
    const { emit, listen, unlisten, clear } = listeners();
    let container: HTMLElement | null = null;
    let readOnly = options.readOnly === true;
    const inputs: HTMLInputElement[] = [];
    const value = (i: number) => inputs[i]?.value.trim() ?? '';
    const digits = () => value(0).replace(/[\s-]/g, '');
    const complete = () => /^\d{12,19}$/.test(digits()) && value(1) !== '' && /^\d{3,4}$/.test(value(2));
    const element = {
      mount(target: HTMLElement | string) {
        container = typeof target === 'string' ? doc.querySelector<HTMLElement>(target) : target;
        if (!container) throw new Error('mount: no such element');
        const group = doc.createElement('div');
        group.setAttribute('role', 'group');
        group.setAttribute('aria-label', 'Card');
        const fields: [string, string, string][] = [
          ['Card number', 'cc-number', 'numeric'],
          ['Expiry date (MM / YY)', 'cc-exp', 'numeric'],
          ['Security code (CVC)', 'cc-csc', 'numeric'],
        ];
        for (const [i, [label, autocomplete, inputMode]] of fields.entries()) {
          const id = `stripe-standin-${i}-${Math.random().toString(36).slice(2, 8)}`;
          const row = doc.createElement('div');
          row.className = 'field';
          const labelEl = doc.createElement('label');
          labelEl.htmlFor = id;
          labelEl.textContent = label;
          const input = doc.createElement('input');
          input.id = id;
          input.setAttribute('autocomplete', autocomplete);
          input.inputMode = inputMode;
          input.readOnly = readOnly;
          input.addEventListener('input', () =>
            emit('change', {
              elementType: 'payment',
              empty: inputs.every((x) => x.value === ''),
              complete: complete(),
              collapsed: false,
              value: { type: 'card' },
            }),
          );
          inputs.push(input);
          row.append(labelEl, input);
          group.append(row);
        }
        container.append(group);
        win.setTimeout(() => emit('ready', { elementType: 'payment' }), 0);
      },
      on(type: string, handler: Handler) {
        listen(type, handler);
        return element;
      },
      off(type: string, handler?: Handler) {
        unlisten(type, handler);
        return element;
      },
      update(next: Record<string, unknown>) {
        if ('readOnly' in next) {
          readOnly = next.readOnly === true;
          for (const input of inputs) input.readOnly = readOnly;
        }
      },
      focus() {
        inputs[0]?.focus();
      },
      blur() {
        (doc.activeElement as HTMLElement | null)?.blur();
      },
      clear() {
        for (const input of inputs) input.value = '';
      },
      unmount() {
        container?.replaceChildren();
        inputs.length = 0;
      },
      destroy() {
        element.unmount();
        clear();
      },
      /** What `elements.submit()` checks, and the payment method the card is. */
      collect(): { paymentMethod: string } | { error: StripeError } {
        if (!/^\d{12,19}$/.test(digits()))
          return invalid('incomplete_number', 'Your card number is incomplete.');
        if (value(1) === '')
          return invalid('incomplete_expiry', "Your card's expiration date is incomplete.");
        if (!/^\d{3,4}$/.test(value(2)))
          return invalid('incomplete_cvc', "Your card's security code is incomplete.");
        return { paymentMethod: TEST_CARDS[digits()] ?? 'pm_card_visa' };
      },
    };
    return element;
  }

  type PaymentElement = ReturnType<typeof createPaymentElement>;

  /**
   * The wallet buttons (Stripe's Express Checkout Element, which draws Apple Pay and Google Pay where the
   * browser offers them: the stand-in always does). A click asks the checkout (`click`, resolved), then the
   * wallet's sheet: a dialog "Test wallet" whose buttons approve (`confirm` with the wallet's billing details),
   * approve with a card whose ZIP check fails, or cancel (`cancel`).
   */
  function createExpressElement(onApproved: (paymentMethod: string | null) => void) {
    const { emit, listen, unlisten, clear } = listeners();
    let container: HTMLElement | null = null;
    const sheet = (wallet: string) => {
      const { dialog, title } = modal('stripe-standin-wallet-title', `Test wallet: ${wallet}`);
      const choice = (label: string, act: () => void) => {
        const b = doc.createElement('button');
        b.type = 'button';
        b.textContent = label;
        b.addEventListener('click', () => {
          dialog.remove();
          act();
        });
        return b;
      };
      const approve = (paymentMethod: string) => () => {
        onApproved(paymentMethod);
        emit('confirm', {
          elementType: 'expressCheckout',
          expressPaymentType: wallet === 'Apple Pay' ? 'apple_pay' : 'google_pay',
          billingDetails: {
            name: 'Mary Jackson',
            email: 'mary.jackson@example.com',
            phone: null,
            address: {
              line1: '1 Main St',
              city: 'Hampton',
              state: 'VA',
              postal_code: '23666',
              country: 'US',
            },
          },
          paymentFailed() {},
        });
      };
      const pay = choice('Pay', approve('pm_card_visa'));
      dialog.append(
        title,
        pay,
        choice('Pay with a card whose ZIP check fails', approve('pm_fake_incorrectZip')),
        choice('Cancel', () => {
          onApproved(null);
          emit('cancel', { elementType: 'expressCheckout' });
        }),
      );
      doc.body.append(dialog);
      pay.focus();
    };
    const element = {
      mount(target: HTMLElement | string) {
        container = typeof target === 'string' ? doc.querySelector<HTMLElement>(target) : target;
        if (!container) throw new Error('mount: no such element');
        const group = doc.createElement('div');
        group.setAttribute('role', 'group');
        group.setAttribute('aria-label', 'Express checkout');
        for (const [wallet, type] of [
          ['Apple Pay', 'apple_pay'],
          ['Google Pay', 'google_pay'],
        ] as const) {
          const button = doc.createElement('button');
          button.type = 'button';
          button.textContent = `Pay with ${wallet}`;
          button.addEventListener('click', () => {
            let resolved = false;
            emit('click', {
              elementType: 'expressCheckout',
              expressPaymentType: type,
              resolve() {
                resolved = true;
              },
            });
            if (resolved) sheet(wallet);
          });
          group.append(button);
        }
        container.append(group);
        win.setTimeout(
          () =>
            emit('ready', {
              elementType: 'expressCheckout',
              availablePaymentMethods: { applePay: true, googlePay: true },
            }),
          0,
        );
      },
      on(type: string, handler: Handler) {
        listen(type, handler);
        return element;
      },
      off(type: string, handler?: Handler) {
        unlisten(type, handler);
        return element;
      },
      update() {},
      unmount() {
        container?.replaceChildren();
      },
      destroy() {
        element.unmount();
        clear();
      },
    };
    return element;
  }

  function createElements(options: Record<string, unknown>) {
    let settings = { ...options };
    let payment: PaymentElement | null = null;
    // The payment method of the wallet payment the customer just approved (null: none, or cancelled).
    let walletMethod: string | null = null;
    const elements = {
      create(type: string, elementOptions: Record<string, unknown> = {}) {
        if (type === 'expressCheckout')
          return createExpressElement((method) => {
            walletMethod = method;
          });
        if (type !== 'payment') throw new Error(`The Stripe.js stand-in draws no ${type} element`);
        payment = createPaymentElement(elementOptions);
        return payment;
      },
      /** The approved wallet's payment method, once (what `createPaymentMethod` makes of it). */
      takeWallet() {
        const method = walletMethod;
        walletMethod = null;
        return method;
      },
      getElement(type: string) {
        return type === 'payment' ? payment : null;
      },
      update(next: Record<string, unknown>) {
        settings = { ...settings, ...next };
      },
      async fetchUpdates() {
        return {};
      },
      /** Validates the form, as Stripe's `elements.submit()` does before a payment method is made. */
      async submit() {
        if (walletMethod) return {};
        if (!payment) return stripeError('validation_error', 'incomplete', 'No payment element is mounted.');
        const collected = payment.collect();
        return 'error' in collected ? collected : {};
      },
      get settings() {
        return settings;
      },
    };
    return elements;
  }

  type Elements = ReturnType<typeof createElements>;

  /** 3-D Secure, as Stripe's test page asks it: a dialog in the page, Complete or Fail. */
  function authenticate(): Promise<boolean> {
    return new Promise((resolve) => {
      const { dialog, title } = modal('stripe-standin-3ds-title', 'Test payment authentication');
      const text = doc.createElement('p');
      text.textContent = 'Your bank asks you to confirm this payment.';
      const finish = (ok: boolean) => () => {
        dialog.remove();
        resolve(ok);
      };
      const completeButton = doc.createElement('button');
      completeButton.type = 'button';
      completeButton.textContent = 'Complete authentication';
      completeButton.addEventListener('click', finish(true));
      const failButton = doc.createElement('button');
      failButton.type = 'button';
      failButton.textContent = 'Fail authentication';
      failButton.addEventListener('click', finish(false));
      dialog.append(title, text, completeButton, failButton);
      doc.body.append(dialog);
      completeButton.focus();
    });
  }

  function Stripe(publishableKey: string, options: { stripeAccount?: string } = {}) {
    if (!/^pk_(test|live)_/.test(publishableKey)) throw new Error('Invalid publishable key');
    const query = (extra: Record<string, string> = {}) =>
      new URLSearchParams({
        key: publishableKey,
        ...(options.stripeAccount ? { _stripe_account: options.stripeAccount } : {}),
        ...extra,
      }).toString();
    const retrieve = async (clientSecret: string) => {
      const res = await fetch(
        `${API}/payment_intents/${encodeURIComponent(intentId(clientSecret))}?${query({ client_secret: clientSecret })}`,
      );
      const body = (await res.json()) as Record<string, unknown>;
      return res.ok ? { paymentIntent: body } : { error: body.error };
    };
    return {
      elements: (elementsOptions: Record<string, unknown> = {}) => createElements(elementsOptions),
      async createPaymentMethod(params: { elements?: Elements }) {
        // Right after a wallet approval, the wallet's card (wallets pay with cards).
        const wallet = params.elements?.takeWallet();
        if (wallet) return { paymentMethod: { id: wallet, object: 'payment_method', type: 'card' } };
        const element = params.elements?.getElement('payment');
        if (!element) return stripeError('invalid_request_error', 'incomplete', 'No payment element.');
        const collected = element.collect();
        if ('error' in collected) return collected;
        return { paymentMethod: { id: collected.paymentMethod, object: 'payment_method', type: 'card' } };
      },
      async handleNextAction({ clientSecret }: { clientSecret: string }) {
        const current = await retrieve(clientSecret);
        if (current.error) return current;
        if ((current.paymentIntent as { status?: string }).status !== 'requires_action') return current;
        const ok = await authenticate();
        const res = await fetch(
          `${API}/payment_intents/${encodeURIComponent(intentId(clientSecret))}/authenticate`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: query({ client_secret: clientSecret, outcome: ok ? 'complete' : 'fail' }),
          },
        );
        const body = (await res.json()) as Record<string, unknown>;
        return res.ok ? { paymentIntent: body } : { error: body.error };
      },
      retrievePaymentIntent: retrieve,
      // What react-stripe-js checks an instance by, and registers itself with; not used by the adapter.
      async createToken() {
        return stripeError('invalid_request_error', 'unsupported', 'Not in the stand-in.');
      },
      async confirmCardPayment() {
        return stripeError('invalid_request_error', 'unsupported', 'Not in the stand-in.');
      },
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  // The release train @stripe/stripe-js expects (it warns about another).
  Stripe.version = 'endive';
  (win as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}

/** The script served for `https://js.stripe.com/**`. */
export const stripeJsScript = () => `(${installStripeJs.toString()})(window);`;
