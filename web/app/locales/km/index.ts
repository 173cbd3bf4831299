// Every Khmer namespace in one chunk, fetched by lib/i18n.ts the first time Khmer is chosen.
import common from "./common.json";
import donation from "./donation.json";
import faq from "./faq.json";
import landing from "./landing.json";
import legal from "./legal.json";
import passkeys from "./passkeys.json";
import renewal from "./renewal.json";
import subscription from "./subscription.json";

export default { common, donation, faq, landing, legal, passkeys, renewal, subscription };
