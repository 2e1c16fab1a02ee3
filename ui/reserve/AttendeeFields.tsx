import './strings';
import { useId } from 'react';
import { clearFieldValidity, FieldError, fieldAria } from '../form-validity';
import { resolveMessage, type Strings, type UiMessage } from '../strings';

/** One input of an attendee (machines/reserve/core/admits.ts `AdmitFieldView`). */
export interface AttendeeFieldOption {
  field: 'first' | 'last' | 'email';
  value: string;
  required: boolean;
  /** The rule's verdict now: given to the browser's validity, so a submit focuses the first invalid field. */
  invalid: UiMessage | null;
  /** Shown after a submit the rule stopped. */
  error: UiMessage | null;
}

/** One ticket's attendee fields (machines/reserve/core/admits.ts `AttendeeView`). */
export interface AttendeeOption {
  ticketTypeId: string;
  index: number;
  nameLabel: UiMessage;
  name: AttendeeFieldOption[];
  emailLabel: UiMessage;
  email: AttendeeFieldOption | null;
}

export interface AttendeeFieldsProps {
  strings: Strings;
  attendees: readonly AttendeeOption[];
  onChange: (ticketTypeId: string, index: number, field: AttendeeFieldOption['field'], value: string) => void;
}

/** Spec 1 §9: 50 characters for fields other than email; an email at most 254 (domain/email.ts). */
const MAX_LENGTH = { first: 50, last: 50, email: 254 } as const;

/**
 * The attendee name and email fields (spec 1 §2, §5): per ticket, the name's label ('Full Name', or 'Adult 1
 * Full Name') over its first and last name, and the email. Each input is named with its attendee's label;
 * an error shows under its input and is linked with aria-describedby. The form validates with
 * `validateBeforeSubmit`, which reads `data-invalid` (the rule's verdict) into the browser's validity.
 */
export function AttendeeFields({ strings, attendees, onChange }: AttendeeFieldsProps) {
  const id = useId();
  if (attendees.length === 0) return null;
  return (
    <section
      className="reserve-section attendees"
      aria-labelledby={`${id}-h`}
      data-section="attendee-details"
    >
      <h2 id={`${id}-h`}>{strings.attendees}</h2>
      {attendees.map((attendee) => {
        const key = `${id}-${attendee.ticketTypeId}-${attendee.index}`;
        const change = (field: AttendeeFieldOption['field']) => (value: string) =>
          onChange(attendee.ticketTypeId, attendee.index, field, value);
        return (
          <div className="attendee" key={key}>
            {attendee.name.length > 0 ? (
              <fieldset className="attendee__name">
                <legend id={`${key}-legend`}>{resolveMessage(strings, attendee.nameLabel)}</legend>
                <div className="form-grid">
                  {attendee.name.map((f) => (
                    <AttendeeInput
                      key={f.field}
                      id={`${key}-${f.field}`}
                      strings={strings}
                      option={f}
                      label={f.field === 'first' ? strings.firstName : strings.lastName}
                      labelledBy={`${key}-legend`}
                      onChange={change(f.field)}
                    />
                  ))}
                </div>
              </fieldset>
            ) : null}
            {attendee.email ? (
              <AttendeeInput
                id={`${key}-email`}
                strings={strings}
                option={attendee.email}
                label={resolveMessage(strings, attendee.emailLabel)}
                onChange={change('email')}
              />
            ) : null}
          </div>
        );
      })}
    </section>
  );
}

function AttendeeInput(props: {
  id: string;
  strings: Strings;
  option: AttendeeFieldOption;
  label: string;
  /** The attendee's label, read before the input's own ('Adult 1 Full Name First name'). */
  labelledBy?: string;
  onChange: (value: string) => void;
}) {
  const { id, option, strings } = props;
  return (
    <div className="field">
      <label id={`${id}-label`} htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        type={option.field === 'email' ? 'email' : 'text'}
        value={option.value}
        required={option.required}
        maxLength={MAX_LENGTH[option.field]}
        autoComplete="off"
        aria-labelledby={props.labelledBy ? `${props.labelledBy} ${id}-label` : undefined}
        {...fieldAria(id, option.error !== null)}
        data-invalid={option.invalid ? resolveMessage(strings, option.invalid) : undefined}
        onChange={(e) => {
          clearFieldValidity(e.currentTarget);
          props.onChange(e.target.value);
        }}
      />
      <FieldError fieldId={id}>{option.error ? resolveMessage(strings, option.error) : null}</FieldError>
    </div>
  );
}
