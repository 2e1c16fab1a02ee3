/** The pending page in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { pendingStrings } from './pending-strings';

export default {
  pendingTitle: 'Tu pedido está pendiente',
  pendingMessage:
    'Tu pago aún se está procesando. Tu pedido aparecerá aquí en cuanto se confirme y te enviaremos un correo de confirmación.',
  pendingDebitMessage:
    'Tu adeudo bancario se está procesando, lo que puede tardar unos días hábiles. Guarda tu número de referencia: te enviaremos la confirmación por correo cuando se haya cobrado.',
  pendingReference: 'Número de referencia',
  pendingCheckFailed:
    'No hemos podido comprobar tu pedido ahora mismo. Es posible que tu pago aún se confirme.',
  pendingMissing: 'No hemos encontrado ese pedido.',
} satisfies Record<keyof typeof pendingStrings, string>;
