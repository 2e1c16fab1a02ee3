/** The account menu in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { accountMenuStrings } from './menu-strings';

export default {
  greeting: 'Hola, {name}',
  accountMenu: 'Cuenta',
  membershipDetails: 'Datos de la membresía',
  myAccount: 'Mi cuenta',
  logOut: 'Cerrar sesión',
  register: 'Registrarse',
  myMembershipDetails: 'Datos de mi membresía',
  loginToViewAccount: 'Inicia sesión para ver tu cuenta',
  membershipLevel: 'Nivel',
  membershipId: 'ID de miembro',
  membershipExpires: 'Caduca',
  notAMember: '¿Aún no eres miembro? Hazte miembro ahora',
  myProfile: 'Mi perfil',
  createAccount: 'Crear una cuenta',
} satisfies Record<keyof typeof accountMenuStrings, string>;
