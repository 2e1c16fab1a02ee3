/** The address lookup's texts in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { addressStrings } from './address-strings';

export default {
  addressSuggestions: 'Sugerencias de direcciones',
  addressManual: 'Introduce la dirección a mano',
  noAddressesFound: 'No se encontraron direcciones',
  addressLookupFailed: 'Ahora mismo no podemos buscar direcciones. Introduce tu dirección tú mismo.',
  addressSuggestionsCount: '{count} direcciones encontradas. Usa las flechas para elegir una.',
} satisfies Record<keyof typeof addressStrings, string>;
