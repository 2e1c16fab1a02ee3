/** Fixtures shared by the checkout machine tests (rules and paths): the cart lives in the checkout story. */
export { makeCart } from '../../stories/fixtures/checkout';
