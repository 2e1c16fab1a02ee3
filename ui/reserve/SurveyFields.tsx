import './strings';
import { useId } from 'react';
import { clearFieldValidity, FieldError, fieldAria } from '../form-validity';
import { resolveMessage, type Strings, type UiMessage } from '../strings';

/** One survey question (machines/reserve/core/surveys.ts `SurveyQuestionView`). */
export interface SurveyQuestionOption {
  name: string;
  title: string;
  description: string | null;
  input: 'select' | 'email' | 'date' | 'number' | 'text';
  choices: string[] | null;
  minimum: number | null;
  maximum: number | null;
  maxLength: number | null;
  required: boolean;
  value: string;
  /** The rule's verdict now: given to the browser's validity, so a submit focuses the first invalid field. */
  invalid: UiMessage | null;
  /** Shown after a submit the rule stopped. */
  error: UiMessage | null;
}

/** One ticket group's survey (machines/reserve/core/surveys.ts `SurveyView`). */
export interface SurveyOption {
  ticketGroupId: string;
  groupName: string;
  questions: SurveyQuestionOption[];
}

export interface SurveyFieldsProps {
  strings: Strings;
  surveys: readonly SurveyOption[];
  onChange: (ticketGroupId: string, question: string, value: string) => void;
}

/** The longest text answer the server takes (server/http/validate.ts). */
const ANSWER_MAX = 1000;

/**
 * The survey questions per ticket group (spec 1 §2 "survey questions per ticket group", §5 "Survey fields"):
 * one section per group with chosen tickets, headed by the group's name; options as a select, email, date and
 * number inputs by the question's type, else text. An error shows under its field and is linked with
 * aria-describedby; `data-invalid` carries the rule's verdict into the browser's validity on submit.
 */
export function SurveyFields({ strings, surveys, onChange }: SurveyFieldsProps) {
  const id = useId();
  if (surveys.length === 0) return null;
  return (
    <>
      {surveys.map((survey) => {
        const key = `${id}-${survey.ticketGroupId}`;
        return (
          <section
            className="reserve-section survey"
            aria-labelledby={`${key}-h`}
            data-section="survey"
            key={survey.ticketGroupId}
          >
            <h2 id={`${key}-h`}>{`${strings.surveyHeading}: ${survey.groupName}`}</h2>
            {survey.questions.map((q) => (
              <SurveyQuestionField
                key={q.name}
                id={`${key}-${q.name.replace(/[^A-Za-z0-9_-]/g, '_')}`}
                strings={strings}
                question={q}
                onChange={(value) => onChange(survey.ticketGroupId, q.name, value)}
              />
            ))}
          </section>
        );
      })}
    </>
  );
}

/** One question: its label (optional ones say so), description, input and error (also the membership form's). */
export function SurveyQuestionField(props: {
  id: string;
  strings: Strings;
  question: SurveyQuestionOption;
  onChange: (value: string) => void;
}) {
  const { id, question: q, strings } = props;
  const common = {
    id,
    value: q.value,
    required: q.required,
    ...fieldAria(id, Boolean(q.error), q.description ? `${id}-desc` : null),
    'data-invalid': q.invalid ? resolveMessage(strings, q.invalid) : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {q.title}
        {q.required ? null : <span className="field__optional"> {strings.surveyOptional}</span>}
      </label>
      {q.description ? (
        <p className="field__hint" id={`${id}-desc`}>
          {q.description}
        </p>
      ) : null}
      {q.choices ? (
        <select
          {...common}
          onChange={(e) => {
            clearFieldValidity(e.currentTarget);
            props.onChange(e.target.value);
          }}
        >
          <option value="">{strings.surveyChoose}</option>
          {q.choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={q.input === 'select' ? 'text' : q.input}
          min={q.input === 'number' && q.minimum !== null ? q.minimum : undefined}
          max={q.input === 'number' && q.maximum !== null ? q.maximum : undefined}
          maxLength={q.input === 'text' || q.input === 'email' ? (q.maxLength ?? ANSWER_MAX) : undefined}
          autoComplete="off"
          onChange={(e) => {
            clearFieldValidity(e.currentTarget);
            props.onChange(e.target.value);
          }}
        />
      )}
      <FieldError fieldId={id}>{q.error ? resolveMessage(strings, q.error) : null}</FieldError>
    </div>
  );
}
