/** One survey answer of a line: its question (the survey's title) and the answer given. */
export interface SurveyAnswerItem {
  question: string;
  answer: string;
}

/** The survey answers a line's tickets carry, under the line (cart and printed order). */
export function SurveyAnswers({ answers }: { answers: readonly SurveyAnswerItem[] | undefined }) {
  if (!answers?.length) return null;
  return (
    <dl className="cart-line__answers">
      {answers.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a question may be answered twice (two reserves); the order is the tickets'
        <div key={i}>
          <dt>{a.question}</dt>
          <dd>{a.answer}</dd>
        </div>
      ))}
    </dl>
  );
}
