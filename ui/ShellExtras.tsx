/**
 * The shell's extras (spec 3 §2 Shell, §6 content blocks; issue 26): the members banner, the seller's content
 * blocks and the floating back button. Props in, callbacks out: which of them show, and the button's fade, are
 * decided by the caller (routes/app/ShellSlot.tsx with the rules of domain/shell.ts and domain/content-blocks.ts).
 */
import './shell-extras-strings';
import type { CSSProperties } from 'react';
import { SellerHtml } from './SellerHtml';

/** A banner for a logged-in member with a current membership (its text is the catalogue's, or the seller's). */
export function MembersBanner({ text }: { text: string }) {
  return <p className="message message--info members-banner">{text}</p>;
}

/** The seller's content blocks enabled for this route and visitor, in the seller's order (HTML sanitised). */
export function ContentBlocks({ blocks }: { blocks: ReadonlyArray<{ id: string; html: string }> }) {
  if (blocks.length === 0) return null;
  return (
    <div className="content-blocks">
      {blocks.map((block) => (
        <div key={block.id} className="content-block" data-block={block.id}>
          <SellerHtml html={block.html} />
        </div>
      ))}
    </div>
  );
}

export interface FloatingBackButtonProps {
  label: string;
  /** 1 at the top of the page, 0 once it has scrolled past the threshold (spec 3 §9: 100 px). */
  opacity: number;
  onBack: () => void;
}

/**
 * The floating back button on phones (spec 3 §2 Shell): fades as the page scrolls. Faded out it takes no
 * pointer, but stays in the tab order and shows again when it has the keyboard's focus; without motion when
 * the visitor asks for reduced motion (ui/theme.css).
 */
export function FloatingBackButton({ label, opacity, onBack }: FloatingBackButtonProps) {
  return (
    <button
      type="button"
      className="back-fab"
      data-faded={opacity === 0 ? '' : undefined}
      style={{ '--tix-back-fade': String(opacity) } as CSSProperties}
      onClick={onBack}
    >
      <span aria-hidden="true">←</span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
