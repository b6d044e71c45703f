import { useEffect } from "react";
import { website } from "../config/website";

/** Sets the document title for the page that calls it (§9: set per page). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} - ${website.title}` : website.title;
  }, [title]);
}
