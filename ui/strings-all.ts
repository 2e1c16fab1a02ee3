/**
 * Every flow's texts at once, for the places that show any flow without loading it first: the tests (their
 * setup imports this) and the story viewer. No screen imports it: a screen's texts come with its chunk.
 */
import './account/menu-strings';
import './account/strings';
import './cart/strings';
import './checkout/donation-strings';
import './checkout/gift-card-strings';
import './checkout/promo-strings';
import './checkout/strings';
import './checkout/terms-strings';
import './checkout/sandbox-captcha-strings';
import './form-strings';
import './home-strings';
import './language-strings';
import './listing-strings';
import './login/strings';
import './manage/strings';
import './membership-strings';
import './promo-strings';
import './reserve/strings';
import './seatmap/strings';
import './shell-extras-strings';
