import { useEffect } from "react";

import { BRAND_NAME } from "~/lib/nav";

/**
 * The tab's title in the reader's language ('លេខកូដអាជ្ញាប័ណ្ណ | Keyshop'). The route's `meta()`
 * gives the English one (it cannot know the language); this changes the text of that same <title>
 * node, so React Router still replaces it on the next page.
 */
export function usePageTitle(title: string) {
  useEffect(() => {
    const text = document.querySelector("head > title")?.firstChild;
    const value = `${title} | ${BRAND_NAME}`;
    if (text?.nodeType === Node.TEXT_NODE) text.nodeValue = value;
    else document.title = value;
  }, [title]);
}
