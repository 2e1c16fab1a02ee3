import { Busy } from './Busy';

const FIELDS = ['a', 'b', 'c', 'd'];

/**
 * A form (checkout) while its data loads: its title when known (the page's heading shows at once, in the place
 * the form's own heading takes), then a grid of fields.
 */
export function FormSkeleton({ label, title }: { label: string; title?: string }) {
  return (
    <>
      {title ? <h1>{title}</h1> : null}
      <Busy label={label}>
        {title ? null : <div className="skeleton skeleton--heading" />}
        <div className="form-grid">
          {FIELDS.map((key) => (
            <div key={key} className="field">
              <div className="skeleton skeleton--label" />
              <div className="skeleton skeleton--input" />
            </div>
          ))}
        </div>
        <div className="skeleton skeleton--block" />
      </Busy>
    </>
  );
}
