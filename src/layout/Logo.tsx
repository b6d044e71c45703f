import { Link } from "react-router";
import { website } from "../config/website";
import styles from "./layout.module.css";

/** The logo of §2, titled with the platform name; leads home. */
export function Logo({ color }: { color?: string }) {
  return (
    <Link to={website.firstPage.path} className={styles.logo} style={{ color }} aria-label={website.title}>
      <img src="/favicon.svg" alt="" width={24} height={24} />
      <span className={styles.title}>{website.title}</span>
    </Link>
  );
}
