import {
  BIO_CODE_VALIDITY_MS,
  MIN_FACEBOOK_PAGE_LIKES,
  MIN_NETWORK_FOLLOWERS,
  MINUTE_MS,
  type NetworkLinkError,
} from "@market/contracts";
import { useTranslation } from "react-i18next";

const numbers = new Intl.NumberFormat("en-US");

/** The figures spec section 8's linking messages quote, from the constants of section 9. */
const LINK_ERROR_VALUES = {
  minFollowers: numbers.format(MIN_NETWORK_FOLLOWERS),
  minLikes: numbers.format(MIN_FACEBOOK_PAGE_LIKES),
  minutes: BIO_CODE_VALIDITY_MS / MINUTE_MS,
};

/** The message of a linking error value: a flow's `error` parameter, or what a refresh found wrong. */
export function useLinkErrorMessage(): (error: NetworkLinkError) => string {
  const { t } = useTranslation();
  return (error) => t(`NETWORKS.LINK_ERROR.${error}`, LINK_ERROR_VALUES);
}
