/**
 * The membership purchase form (spec 3 §2 "Membership purchase form"): level radio list, extend checkbox,
 * named members with role labels, optional member slots, the unnamed member stepper, survey, auto-renew
 * yes/no, recipient fields when gifting, footnote, submit and back. Presentational: props in, callbacks out;
 * the view model comes from machines/membership/view.ts (the redeem page reuses this form).
 */
import '../membership-strings';
import { type ReactNode, useId } from 'react';
import type { MembershipFormView } from '../../machines/membership/view';
import { FieldError, fieldAria, useRefusalFocus } from '../form-validity';
import { formatMoney } from '../format';
import { SurveyQuestionField } from '../reserve/SurveyFields';
import { ReserveSkeleton } from '../skeleton/ReserveSkeleton';
import { resolveMessage, type Strings, type UiMessage } from '../strings';
import { type MembershipLabels, membershipLabels, roleLabel } from './labels';

type Msg = UiMessage;

export interface MembershipFormProps {
  strings: Strings;
  /** The form's labels with the seller's overrides (`createMembershipLabels`); default: the defaults. */
  labels?: MembershipLabels;
  currency: string;
  /** The form's view model (machines/membership/view.ts) but what the layout reads itself. */
  view: Omit<MembershipFormView, 'mode' | 'askingLoginOrGuest' | 'thrown'>;
  /** Links shown with the self-gift refusal (buy or renew for yourself) and the gift's non-empty cart. */
  selfGiftLink?: ReactNode;
  cartLink?: ReactNode;
  /** Replaces the level heading (the redeem page names its own). */
  levelHeading?: string;
  onLevel: (levelId: string) => void;
  onExtend: (value: boolean) => void;
  onMember: (index: number, field: 'first' | 'last' | 'email', value: string) => void;
  onOptional: (count: number) => void;
  onUnnamed: (count: number) => void;
  onSurvey: (name: string, value: string) => void;
  onAutoRenew: (value: boolean) => void;
  onRecipient: (field: 'first' | 'last' | 'email', value: string) => void;
  onSubmit: () => void;
  onBack: () => void;
  onRetry: () => void;
}

/** First name, last name and email of one person (a member or the gift's recipient), labelled with who. */
function PersonFields(props: {
  id: string;
  who: string;
  person: { first: string; last: string; email: string; errors: { first?: Msg; last?: Msg; email?: Msg } };
  emailMode: 'required' | 'optional' | 'hidden';
  namesDisabled: boolean;
  nameMax: number;
  emailMax: number;
  strings: Strings;
  optionalLabel: string;
  onChange: (field: 'first' | 'last' | 'email', value: string) => void;
}) {
  const { id, who, person, strings, optionalLabel } = props;
  const name = (field: 'first' | 'last', label: string) => (
    <TextField
      id={`${id}-${field}`}
      label={`${label} (${who})`}
      value={person[field]}
      required
      disabled={props.namesDisabled}
      maxLength={props.nameMax}
      error={person.errors[field]}
      strings={strings}
      optionalLabel={optionalLabel}
      onChange={(v) => props.onChange(field, v)}
    />
  );
  return (
    <>
      {name('first', strings.firstName)}
      {name('last', strings.lastName)}
      {props.emailMode === 'hidden' ? null : (
        <TextField
          id={`${id}-email`}
          label={`${strings.email} (${who})`}
          type="email"
          value={person.email}
          required={props.emailMode === 'required'}
          maxLength={props.emailMax}
          error={person.errors.email}
          strings={strings}
          optionalLabel={optionalLabel}
          onChange={(v) => props.onChange('email', v)}
        />
      )}
    </>
  );
}

function TextField(props: {
  id: string;
  label: string;
  value: string;
  type?: string;
  required: boolean;
  disabled?: boolean;
  maxLength: number;
  autoComplete?: string;
  error?: Msg | null | undefined;
  strings: Strings;
  optionalLabel: string;
  onChange: (value: string) => void;
}) {
  const { id, error, strings } = props;
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label}
        {props.required ? null : ` ${props.optionalLabel}`}
      </label>
      <input
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        required={props.required}
        disabled={props.disabled}
        readOnly={props.disabled}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete}
        {...fieldAria(id, Boolean(error))}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <FieldError fieldId={id}>{error ? resolveMessage(strings, error) : null}</FieldError>
    </div>
  );
}

export function MembershipForm(props: MembershipFormProps) {
  const { strings, view, currency } = props;
  const labels = props.labels ?? membershipLabels;
  const base = useId();
  const levelName = `${base}-level`;
  // After a refused submit, the first invalid field is focused and scrolled into view (spec 3 §5); a refusal
  // without one (no member, a server refusal) focuses its message: the form layer's way (ui/form-validity.ts).
  const { formRef, messageRef } = useRefusalFocus(view.errorVersion);

  if (view.status === 'loading') return <ReserveSkeleton label={strings.loading} />;
  if (view.status === 'unavailable' || view.status === 'loadError') {
    return (
      <div className="message message--warning" role="status">
        <p>{view.formError ? resolveMessage(strings, view.formError) : strings.membershipsUnavailable}</p>
        {view.status === 'loadError' ? (
          <button type="button" className="btn btn--secondary" onClick={props.onRetry}>
            {strings.tryAgain}
          </button>
        ) : null}
      </div>
    );
  }
  const price = (cents: number) => (cents === 0 ? strings.free : formatMoney(cents, currency));
  return (
    <form
      ref={formRef}
      className="reserve membership-form"
      aria-label={labels.membershipForm}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!view.submitDisabled) props.onSubmit();
      }}
    >
      {view.renewNotice ? (
        <p className="message message--warning" role="status">
          {resolveMessage(strings, view.renewNotice)}
        </p>
      ) : null}
      <fieldset className="form-section">
        <legend>
          <h2>{props.levelHeading ?? labels.membershipChooseLevel}</h2>
        </legend>
        {view.levels.map((level) => (
          <label key={level.id} className="one-ticket-option">
            <input
              type="radio"
              name={levelName}
              value={level.id}
              checked={level.selected}
              onChange={() => props.onLevel(level.id)}
            />
            <span className="one-ticket-option__text">
              <span className="ticket-type__name">{level.name}</span>
              {level.description ? <span className="field__hint">{level.description}</span> : null}
            </span>
            <span className="one-ticket-option__price">
              {level.originalPriceCents !== null ? <s>{price(level.originalPriceCents)}</s> : null}{' '}
              {price(level.priceCents)}
            </span>
          </label>
        ))}
      </fieldset>
      {view.extend.shown ? (
        <div className="field">
          <label className="choice">
            <input
              type="checkbox"
              checked={view.extend.checked}
              onChange={(e) => props.onExtend(e.target.checked)}
            />
            <span>{labels.membershipExtend}</span>
          </label>
        </div>
      ) : null}
      {view.members.length > 0 || view.optional.kind !== 'none' || view.unnamed ? (
        <fieldset className="form-section">
          <legend>
            <h2>{labels.membershipMembers}</h2>
          </legend>
          {view.members.map((m) => {
            const id = `${base}-m${m.index}`;
            const label = roleLabel(labels, m.role, m.ordinal);
            return (
              <fieldset key={m.index} className="form-grid member-entry">
                <legend>{label}</legend>
                <PersonFields
                  id={id}
                  who={label}
                  person={m}
                  emailMode={m.emailMode}
                  namesDisabled={m.disabled}
                  nameMax={view.nameMax}
                  emailMax={view.emailMax}
                  strings={strings}
                  optionalLabel={labels.optional}
                  onChange={(field, v) => props.onMember(m.index, field, v)}
                />
              </fieldset>
            );
          })}
          {view.optional.kind === 'radio' ? (
            <fieldset className="field">
              <legend>{labels.membershipOptionalOne}</legend>
              <YesNo
                name={`${base}-optional`}
                value={view.optional.value === 1 ? true : view.optional.value === 0 ? false : null}
                yes={labels.yes}
                no={labels.no}
                onChange={(v) => props.onOptional(v ? 1 : 0)}
              />
            </fieldset>
          ) : null}
          {view.optional.kind === 'select' ? (
            <div className="field">
              <label htmlFor={`${base}-optional`}>{labels.membershipOptionalMany}</label>
              <select
                id={`${base}-optional`}
                value={view.optional.value}
                onChange={(e) => props.onOptional(Number(e.target.value))}
              >
                {Array.from({ length: view.optional.count + 1 }, (_, n) => String(n)).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {view.unnamed ? (
            <fieldset className="field">
              <legend id={`${base}-unnamed`} className="field__label">
                {labels.membershipUnnamed}
              </legend>
              {/* The reserve forms' compact stepper (ui/reserve/TicketQuantities.tsx): − count + in one row. */}
              <div className="stepper">
                <button
                  type="button"
                  aria-label={labels.membershipUnnamedLess}
                  disabled={view.unnamed.value <= view.unnamed.min}
                  onClick={() => props.onUnnamed((view.unnamed?.value ?? 0) - 1)}
                >
                  −
                </button>
                <output aria-labelledby={`${base}-unnamed`} aria-live="polite">
                  {view.unnamed.value}
                </output>
                <button
                  type="button"
                  aria-label={labels.membershipUnnamedMore}
                  disabled={view.unnamed.value >= view.unnamed.max}
                  onClick={() => props.onUnnamed((view.unnamed?.value ?? 0) + 1)}
                >
                  +
                </button>
              </div>
            </fieldset>
          ) : null}
        </fieldset>
      ) : null}
      {view.recipient.shown ? (
        <fieldset className="form-section form-grid">
          <legend>
            <h2>{labels.membershipRecipient}</h2>
          </legend>
          <PersonFields
            id={`${base}-r`}
            who={labels.membershipRecipient}
            person={view.recipient}
            emailMode="required"
            namesDisabled={false}
            nameMax={view.nameMax}
            emailMax={view.emailMax}
            strings={strings}
            optionalLabel={labels.optional}
            onChange={(field, v) => props.onRecipient(field, v)}
          />
          {view.shipping ? <p className="field__hint">{labels.membershipShipping}</p> : null}
        </fieldset>
      ) : null}
      {view.survey.length > 0 ? (
        <fieldset className="form-section">
          <legend>
            <h2>{labels.membershipSurvey}</h2>
          </legend>
          {view.survey.map((q) => (
            <SurveyQuestionField
              key={q.name}
              id={`${base}-s-${q.name.replace(/[^A-Za-z0-9_-]/g, '_')}`}
              strings={strings}
              question={{ ...q, invalid: null }}
              onChange={(v) => props.onSurvey(q.name, v)}
            />
          ))}
        </fieldset>
      ) : null}
      {view.autoRenew.shown ? (
        <fieldset className="field">
          <legend>{labels.membershipAutoRenew}</legend>
          <YesNo
            name={`${base}-autorenew`}
            value={view.autoRenew.value}
            yes={labels.yes}
            no={labels.no}
            onChange={(v) => props.onAutoRenew(v)}
          />
        </fieldset>
      ) : null}
      <p className="field__hint">{labels.membershipFootnote}</p>
      <div role="alert">
        {view.formError ? (
          <div className="message message--error">
            <p ref={messageRef} tabIndex={-1}>
              {resolveMessage(strings, view.formError)}
            </p>
            {view.selfGift && props.selfGiftLink ? <p>{props.selfGiftLink}</p> : null}
            {view.cartNotEmpty && props.cartLink ? <p>{props.cartLink}</p> : null}
          </div>
        ) : null}
      </div>
      <div className="reserve-footer">
        <button type="button" className="btn btn--secondary" onClick={props.onBack}>
          {strings.back}
        </button>{' '}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={view.submitDisabled}
          aria-busy={view.status === 'submitting' || undefined}
        >
          {labels[view.submitLabel]}
        </button>
        {view.submitDisabled && view.levels.every((l) => !l.selected) ? (
          <p className="field__hint">{labels.membershipNoLevel}</p>
        ) : null}
      </div>
    </form>
  );
}

/** A yes/no radio pair in one row, each label beside its radio (not stacked under it). */
function YesNo(props: {
  name: string;
  value: boolean | null;
  yes: string;
  no: string;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="choice-row">
      {([true, false] as const).map((v) => (
        <label key={String(v)} className="choice">
          <input
            type="radio"
            name={props.name}
            checked={props.value === v}
            onChange={() => props.onChange(v)}
          />
          <span>{v ? props.yes : props.no}</span>
        </label>
      ))}
    </div>
  );
}
