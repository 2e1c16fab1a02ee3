/** Checkout and the confirmation page in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { checkoutStrings } from './strings';

export default {
  paymentInformation: 'Datos de pago',
  yourInformation: 'Tus datos',
  emailConfirm: 'Confirma el correo electrónico',
  cardDetails: 'Datos de la tarjeta',
  cardNumber: 'Número de tarjeta',
  cardExpiry: 'Fecha de caducidad (MM / AA)',
  cardCvc: 'Código de seguridad (CVC)',
  sandboxNotice: 'Pagos de prueba: no se cobra ninguna tarjeta real. Usa 4242 4242 4242 4242.',
  pay: 'Pagar {amount}',
  paying: 'Procesando el pago…',
  completeOrder: 'Completar pedido',
  acceptTerms: 'Acepto los términos y condiciones',
  termsRead: 'Leer los términos y condiciones',
  orderNumber: 'Pedido número {number}',
  orderQrAlt: 'Código QR del pedido {number}',
  addToCalendar: 'Añadir al calendario',
  addToAppleWallet: 'Añadir a Apple Wallet',
  viewAndPrint: 'Ver e imprimir entradas',
  discountCodesTitle: 'Tus códigos de descuento',
  discountCodeNumber: 'Código {n}:',
  discountCodesHow: 'Introduce un código al pagar para usarlo.',
  printOrder: 'Imprimir',
  printOrderTitle: 'Tus entradas',
  confirmationEmail: 'Te hemos enviado un correo de confirmación a {email}.',
  continueShopping: 'Seguir viendo eventos',
  providerUnavailable:
    'No se puede procesar el pago con tarjeta porque el proveedor de pagos no se ha cargado. Desactiva los bloqueadores de privacidad y de anuncios y recarga la página.',
  cardError: 'No se ha cobrado tu tarjeta. {message} Revisa tus datos de pago y vuelve a intentarlo.',
  cardErrorGeneric:
    'No se ha cobrado tu tarjeta. No se pudo procesar el pago. Revisa tus datos de pago y vuelve a intentarlo.',
  walletCancelled:
    'No se ha cobrado tu tarjeta. El pago se canceló en tu monedero. Revisa tus datos de pago y vuelve a intentarlo.',
  walletPostcodeNote: 'El código postal comprobado es el de la dirección de facturación de tu monedero.',
  walletsTitle: 'Pago exprés',
  paymentUnavailable: 'Este lugar no puede aceptar pagos en línea en este momento.',
  paymentTooManyAttempts:
    'No se ha cobrado tu tarjeta. Ha habido demasiados intentos de pago. Espera un rato y vuelve a intentarlo.',
  giftSelfCheckout: 'No puedes regalarte una membresía a ti mismo. ¿Quieres comprar o renovar una membresía?',
  checkoutValidation: 'Hay errores en los datos que has enviado. Corrígelos y vuelve a enviar el formulario.',
  termsRequired: 'Acepta los términos y condiciones.',
  statusProcessing: 'Procesando el pago…',
  statusConfirming: 'Esperando a que el emisor de tu tarjeta confirme el pago…',
  statusCompleted: 'Pago completado.',
  statusPending: 'Tu pago se está procesando.',
  giftCheckoutTitle: 'Paga tu regalo para {name}',
  partialPaymentMade:
    'Has realizado correctamente un pago de {amount}. Tu próximo pago de {amount2} vence el {date}.',
  partialPaymentMadeLast: 'Has realizado correctamente un pago de {amount}.',
} satisfies Record<keyof typeof checkoutStrings, string>;
