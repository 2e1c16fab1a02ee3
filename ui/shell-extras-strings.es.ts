/** The shell's extras in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { shellExtrasStrings } from './shell-extras-strings';

export default {
  goBack: 'Volver',
  membersBanner: '¡Hola de nuevo! Las ventajas de su membresía {level} se aplican a su visita.',
  membersBannerNoLevel: '¡Hola de nuevo! Las ventajas de su membresía se aplican a su visita.',
} satisfies Record<keyof typeof shellExtrasStrings, string>;
