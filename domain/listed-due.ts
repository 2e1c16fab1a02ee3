/**
 * The due amount of a schedule as the server listed it (issue 22; spec 2 §4), apart from domain/instalments.ts so
 * the checkout's first load carries this one function: the scheduled payments panel, with the rest of the rules,
 * is a lazy chunk.
 */

/**
 * The due amount of a schedule as the server listed it (each payment's `status` written at the server's now):
 * everything overdue plus the next payment that is not, at most the outstanding balance. The checkout's first
 * amount to pay and the scheduled payments panel's amounts (issue 22).
 */
export function listedDueCents(
  scheduled: readonly { dueDate: string; amountCents: number; status: string }[],
  outstandingCents: number,
): number {
  const sorted = [...scheduled].sort((a, b) => Date.parse(a.dueDate) - Date.parse(b.dueDate));
  const overdue = sorted.filter((p) => p.status === 'overdue').reduce((sum, p) => sum + p.amountCents, 0);
  const next = sorted.find((p) => p.status !== 'overdue' && p.amountCents > 0)?.amountCents ?? 0;
  return Math.min(outstandingCents, overdue + next);
}
