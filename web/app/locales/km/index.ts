// Every Khmer namespace in one chunk, fetched by lib/i18n.ts the first time Khmer is chosen.
import admin from "./admin.json";
import adminCustomer from "./adminCustomer.json";
import auth from "./auth.json";
import catalogue from "./catalogue.json";
import common from "./common.json";
import dates from "./dates.json";
import discount from "./discount.json";
import discounts from "./discounts.json";
import donation from "./donation.json";
import errors from "./errors.json";
import faq from "./faq.json";
import history from "./history.json";
import landing from "./landing.json";
import legal from "./legal.json";
import licenses from "./licenses.json";
import notFound from "./notFound.json";
import otp from "./otp.json";
import passkeys from "./passkeys.json";
import payments from "./payments.json";
import profile from "./profile.json";
import renewal from "./renewal.json";
import shell from "./shell.json";
import subscription from "./subscription.json";
import table from "./table.json";
import transactions from "./transactions.json";
import webhooks from "./webhooks.json";

export default { admin, adminCustomer, auth, catalogue, common, dates, discount, discounts, donation, errors, faq, history, landing, legal, licenses, notFound, otp, passkeys, payments, profile, renewal, shell, subscription, table, transactions, webhooks };
